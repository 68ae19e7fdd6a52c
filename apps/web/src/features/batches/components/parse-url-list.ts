/**
 * The URLs of a pasted list or an uploaded CSV, one per line: in a CSV row the first cell that looks
 * like an address (a scheme or a dot, no spaces) is taken, so a header row and name columns are
 * skipped; empty lines are dropped.
 */
export function parseUrlList(text: string): string[] {
  const urls: string[] = [];
  for (const row of text.split(/\r?\n/)) {
    const cells = row
      .split(/[,;\t]/)
      .map((cell) =>
        cell
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .trim(),
      )
      .filter(Boolean);
    const url = cells.find((cell) => /^[a-z][a-z0-9+.-]*:\/\/\S+$|^[^\s/]+\.[^\s]+$/i.test(cell));
    if (url) urls.push(url);
    else if (cells.length === 1 && !row.includes(',')) urls.push(cells[0] ?? '');
  }
  return urls.filter(Boolean);
}
