/**
 * The language of a page that does not declare one, by tinyld (a maintained n-gram language
 * detector covering 60+ languages), instead of our own stop-word lists of five languages.
 */
import { detectAll } from 'tinyld';

/** Below this, tinyld's best answer is a guess between neighbours (nl/af): keep English then. */
const MIN_ACCURACY = 0.1;

/** A best guess at the language of `text`, as an ISO 639-1 code; 'en' when nothing is certain. */
export function guessLanguage(text: string): string {
  const sample = text.slice(0, 20_000);
  const best = detectAll(sample)[0];
  return best && best.accuracy >= MIN_ACCURACY && /^[a-z]{2,3}$/.test(best.lang) ? best.lang : 'en';
}
