/** A url() reference inside CSS, with what kind of rule it came from. */
export interface CssUrl {
  url: string;
  /** 'font' inside @font-face, else 'image' (backgrounds, list-style images, cursors...). */
  kind: 'font' | 'image';
}

const COMMENT = /\/\*[\s\S]*?\*\//g;
const URL_FUNCTION = /url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)\s]*))\s*\)/gi;
const IMPORT_RULE =
  /@import\s+(?:url\(\s*)?(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)\s;]+))/gi;

function unescapeCss(value: string): string {
  return value.replace(/\\([0-9a-fA-F]{1,6}\s?|.)/g, (_, escaped: string) =>
    /^[0-9a-fA-F]/.test(escaped) && /^[0-9a-fA-F]{1,6}\s?$/.test(escaped)
      ? String.fromCodePoint(parseInt(escaped.trim(), 16) || 0xfffd)
      : escaped,
  );
}

/** The targets of `@import` rules, in order. */
export function listCssImports(css: string): string[] {
  const imports: string[] = [];
  for (const match of css.replace(COMMENT, '').matchAll(IMPORT_RULE)) {
    const raw = match[1] ?? match[2] ?? match[3];
    if (raw) imports.push(unescapeCss(raw));
  }
  return imports;
}

/** Every url() in a stylesheet or style attribute except @import targets, tagged font or image. */
export function listCssUrls(css: string): CssUrl[] {
  const text = css.replace(COMMENT, '');
  const fontFaces: [number, number][] = [];
  for (const match of text.matchAll(/@font-face\s*\{[^}]*\}/gi)) {
    fontFaces.push([match.index, match.index + match[0].length]);
  }
  const importStarts = new Set<number>();
  for (const match of text.matchAll(/@import\s+url\(/gi))
    importStarts.add(match.index + match[0].length - 4);
  const urls: CssUrl[] = [];
  for (const match of text.matchAll(URL_FUNCTION)) {
    if (importStarts.has(match.index)) continue;
    const raw = match[1] ?? match[2] ?? match[3];
    if (!raw) continue;
    const inFontFace = fontFaces.some(([start, end]) => match.index > start && match.index < end);
    urls.push({ url: unescapeCss(raw), kind: inFontFace ? 'font' : 'image' });
  }
  return urls;
}
