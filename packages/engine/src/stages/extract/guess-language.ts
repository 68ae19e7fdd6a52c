/**
 * The language of a page that does not declare one, by tinyld (a maintained n-gram language
 * detector covering 60+ languages), instead of our own stop-word lists of five languages.
 */
import { detectAll } from 'tinyld';

/** tinyld's answer is taken when its score is at least this… */
const SURE_ACCURACY = 0.1;
/** …or when it leads the runner-up by this factor (mixed text, e.g. Dutch with English game names). */
const LEAD_FACTOR = 1.5;

/** A best guess at the language of `text`, as an ISO 639-1 code; 'en' when nothing is certain. */
export function guessLanguage(text: string): string {
  const [best, second] = detectAll(text.slice(0, 20_000));
  if (!best || !/^[a-z]{2,3}$/.test(best.lang)) return 'en';
  const leads = second === undefined || best.accuracy >= LEAD_FACTOR * second.accuracy;
  return best.accuracy >= SURE_ACCURACY || leads ? best.lang : 'en';
}
