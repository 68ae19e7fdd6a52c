/**
 * Guards on every string a model writes (issue 25, decision record 058): plain text in the site's
 * language, of a sensible length, with no markup, script, event handler or address in it. A string
 * that fails is dropped (the caller notes it); nothing here repairs a string.
 */
import { detectAll } from 'tinyld';

/** Which model-written field a string is for, with its length bounds. */
export const WRITTEN_BOUNDS = {
  /** A page's meta description: what search results show (about 50 to 160 characters). */
  description: { min: 50, max: 160 },
  /** An image's alt text: short (screen readers), at most 125 characters. */
  alt: { min: 3, max: 125 },
} as const;

export type WrittenField = keyof typeof WRITTEN_BOUNDS;

/** What a guard decided: the string (whitespace squashed) or why it was dropped. */
export type GuardResult = { ok: true; text: string } | { ok: false; reason: string };

/** Markup, scripts, event handlers, addresses: anything that is not plain words. */
const FORBIDDEN: readonly [RegExp, string][] = [
  [/[<>]/, 'contains markup (< or >)'],
  [/\b(?:javascript|vbscript|data)\s*:/i, 'contains a script address'],
  [/\bon[a-z]+\s*=/i, 'contains an event handler'],
  [/\bscript\b/i, 'mentions a script'],
  [/https?\s*:|\bwww\.|:\/\//i, 'contains an address'],
  [/\b[a-z0-9-]+\.(?:com|net|org|io|de|nl|fr|uk|co|info|biz|app|dev)\b/i, 'contains a domain name'],
  [/[\w.+-]+@[\w-]+\.[\w.]+/, 'contains an e-mail address'],
  [/[{}`]|\$\{/, 'contains code characters'],
  // Control and format characters (whitespace is squashed before): hidden text, direction tricks.
  [/[\p{Cc}\p{Cf}]/u, 'contains control characters'],
];

/** Why a string is not plain text (markup, script, handler, address), or undefined when it is. */
export function notPlainText(text: string): string | undefined {
  for (const [pattern, reason] of FORBIDDEN) if (pattern.test(text)) return reason;
  return undefined;
}

/**
 * Whether a text is in another language than `language` (an ISO 639-1 code, or a tag such as
 * `en-GB`): only when the detector is clearly sure of another one. Short texts pass (too little to
 * tell).
 */
export function inOtherLanguage(text: string, language: string): string | undefined {
  const want = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (!/^[a-z]{2,3}$/.test(want) || text.length < 30) return undefined;
  const found = detectAll(text);
  const best = found[0];
  if (best === undefined || best.lang === want) return undefined;
  const own = found.find((entry) => entry.lang === want)?.accuracy ?? 0;
  return best.accuracy >= 0.1 && best.accuracy >= 1.5 * own
    ? `is in another language (${best.lang}, the page is ${want})`
    : undefined;
}

/**
 * Checks a string a model wrote for a field: squashes whitespace, then plain text only, within
 * the field's length, in the page's language.
 */
export function guardWritten(raw: unknown, field: WrittenField, language: string): GuardResult {
  if (typeof raw !== 'string') return { ok: false, reason: 'not a string' };
  const text = raw.replace(/\s+/g, ' ').trim();
  const bounds = WRITTEN_BOUNDS[field];
  if (text.length < bounds.min)
    return { ok: false, reason: `shorter than ${bounds.min} characters` };
  if (text.length > bounds.max)
    return { ok: false, reason: `longer than ${bounds.max} characters` };
  const markup = notPlainText(text);
  if (markup !== undefined) return { ok: false, reason: markup };
  const other = inOtherLanguage(text, language);
  if (other !== undefined) return { ok: false, reason: other };
  return { ok: true, text };
}
