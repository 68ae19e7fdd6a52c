/**
 * Whether a client-side route is a view of its own (issue 23): a hash router that loads a template
 * or a post brings text the document did not hold; a script that only shows one of the panels
 * already in the document (`#!/page_menu`) brings none, and that route stays a link into its page.
 */

/** Fewer new characters than this (whitespace aside) are a clock, a counter or a greeting, not a view. */
const MIN_NEW_CHARACTERS = 24;

/** Case and whitespace aside: innerText applies `text-transform` and lays out line breaks. */
function toComparable(text: string): string {
  return text.replace(/\s+/g, '').toLowerCase();
}

/**
 * True when the lines of `visibleText` (the page's innerText after the navigation) that are not in
 * `documentText` (the document's whole text before it, hidden panels included) hold at least
 * MIN_NEW_CHARACTERS characters.
 */
export function showsNewText(documentText: string, visibleText: string): boolean {
  const before = toComparable(documentText);
  let added = 0;
  for (const line of new Set(visibleText.split('\n').map(toComparable))) {
    if (line && !before.includes(line)) added += line.length;
    if (added >= MIN_NEW_CHARACTERS) return true;
  }
  return false;
}
