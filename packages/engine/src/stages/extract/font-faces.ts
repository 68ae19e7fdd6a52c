/**
 * The site's fonts (issue 12): the families its body and headings are set in, and where their files
 * come from — the site's own @font-face files (downloaded assets), Google Fonts, or the visitor's
 * system. @font-face rules are read with css-tree from the stylesheets fetch downloaded.
 */
import { generate, parse, walk, type CssNode } from 'css-tree';
import type { FontRef } from '../../model';
import type { RawStylesheet } from '../../types';

/** One @font-face rule: its family, weight, style and source files (absolute URLs). */
export interface FontFace {
  family: string;
  weight: string;
  style: string;
  files: { url: string; format?: string }[];
  /** The rule came from Google Fonts' stylesheet API. */
  isGoogle: boolean;
}

function unquote(value: string): string {
  return value
    .trim()
    .replace(/^(["'])(.*)\1$/, '$2')
    .trim();
}

/** Generic families and CSS keywords: the end of a stack, never a family of the site's own. */
const GENERIC_FAMILY =
  /^(?:serif|sans-serif|monospace|cursive|fantasy|system-ui|ui-\w+|-apple-system|blinkmacsystemfont|emoji|math|fangsong|inherit|initial|unset|revert)$|^var\(/i;
/** The most fallbacks a stack keeps after its first family. */
const MAX_FALLBACKS = 4;

/**
 * The named families after the first in a CSS font-family list (`Verdana, Helvetica, sans-serif`
 * -> `[Helvetica]`): where a visitor lacks the first, the original fell back to these (issue 23).
 */
export function toFallbackFamilies(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .slice(1)
    .map(unquote)
    .filter((family) => family !== '' && !GENERIC_FAMILY.test(family))
    .slice(0, MAX_FALLBACKS);
}

/** The first family of a CSS font-family list (`"Roboto Slab", serif` -> `Roboto Slab`). */
export function toFirstFamily(value: string | undefined): string | undefined {
  const first = value ? unquote(value.split(',')[0] ?? '') : '';
  if (!first || /^(?:inherit|initial|unset|revert|var\()/i.test(first)) return undefined;
  return first;
}

function baseOf(sheet: RawStylesheet): string {
  // fetch names <style> elements `inline:<page url>#<n>`: their URLs resolve against the page.
  return sheet.url.startsWith('inline:') ? sheet.url.slice(7).replace(/#\d+$/, '') : sheet.url;
}

/** Every @font-face rule of the stylesheets, in order. */
export function listFontFaces(stylesheets: RawStylesheet[]): FontFace[] {
  const faces: FontFace[] = [];
  for (const sheet of stylesheets) {
    if (!/@font-face/i.test(sheet.css)) continue;
    const base = baseOf(sheet);
    const isGoogle = /^https?:\/\/fonts\.googleapis\.com\//i.test(sheet.url);
    const ast = parse(sheet.css, { parseRulePrelude: false, onParseError: () => {} });
    walk(ast, {
      visit: 'Atrule',
      enter(node) {
        if (node.name.toLowerCase() !== 'font-face' || !node.block) return;
        const face: FontFace = { family: '', weight: '400', style: 'normal', files: [], isGoogle };
        walk(node.block, {
          visit: 'Declaration',
          enter(declaration) {
            const property = declaration.property.toLowerCase();
            if (property === 'font-family') face.family = unquote(generate(declaration.value));
            else if (property === 'font-weight') face.weight = generate(declaration.value);
            else if (property === 'font-style') face.style = generate(declaration.value);
            else if (property === 'src') face.files.push(...toSources(declaration.value, base));
          },
        });
        if (face.family && face.files.length > 0) faces.push(face);
      },
    });
  }
  return faces;
}

function toSources(value: CssNode, base: string): FontFace['files'] {
  const files: FontFace['files'] = [];
  let current: FontFace['files'][number] | undefined;
  walk(value, (node) => {
    if (node.type === 'Url') {
      try {
        current = { url: new URL(node.value, base).href };
        files.push(current);
      } catch {
        current = undefined;
      }
    } else if (node.type === 'Function' && node.name.toLowerCase() === 'format' && current) {
      const format = node.children.first;
      if (format && (format.type === 'String' || format.type === 'Identifier'))
        current.format = format.type === 'String' ? format.value : format.name;
    }
  });
  return files;
}

/**
 * The families a page loads from Google Fonts (`<link href="https://fonts.googleapis.com/css?family=A:400|B">`,
 * css2's repeated `family=`, or an @import of one): they count as Google families even when the
 * stylesheet itself could not be downloaded.
 */
export function listGoogleFamilies(urls: string[]): string[] {
  const families: string[] = [];
  for (const href of urls) {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      continue;
    }
    if (url.hostname !== 'fonts.googleapis.com') continue;
    for (const value of url.searchParams.getAll('family')) {
      for (const spec of value.split('|')) {
        const family = spec.split(':')[0]?.replace(/\+/g, ' ').trim();
        if (family && !families.includes(family)) families.push(family);
      }
    }
  }
  return families;
}

/** Every Google Fonts stylesheet URL a set of stylesheets @imports. */
export function listGoogleImports(stylesheets: RawStylesheet[]): string[] {
  const urls: string[] = [];
  for (const sheet of stylesheets) {
    for (const match of sheet.css.matchAll(/https?:\/\/fonts\.googleapis\.com\/[^"')\s;]+/gi))
      urls.push(match[0]);
  }
  return urls;
}

/**
 * The FontRefs of the families in use: `google` for a Google Fonts family (with the files fetch
 * downloaded from Google's stylesheet, if any), `self-hosted` with the site's own downloaded files,
 * `system` when no @font-face rule (or no file of it) is at hand.
 */
export function toFontRefs(
  families: (string | undefined)[],
  faces: FontFace[],
  downloaded: ReadonlySet<string>,
  googleFamilies: string[] = [],
): FontRef[] {
  const google = new Set(googleFamilies.map((family) => family.toLowerCase()));
  const refs: FontRef[] = [];
  for (const family of families) {
    if (!family || refs.some((ref) => ref.family.toLowerCase() === family.toLowerCase())) continue;
    const own = faces.filter((face) => face.family.toLowerCase() === family.toLowerCase());
    const files = own.flatMap((face) =>
      face.files
        .filter((file) => downloaded.has(file.url))
        .map((file) => ({
          url: file.url,
          weight: face.weight,
          style: face.style,
          ...(file.format ? { format: file.format } : {}),
        })),
    );
    // A Google family keeps the files fetch downloaded from Google's stylesheet: the rebuild hosts
    // them itself (no font CDN); without them it is still named, for visitors who have it.
    if (own.some((face) => face.isGoogle) || google.has(family.toLowerCase())) {
      refs.push(
        files.length > 0 ? { family, source: 'google', files } : { family, source: 'google' },
      );
      continue;
    }
    refs.push(
      files.length > 0 ? { family, source: 'self-hosted', files } : { family, source: 'system' },
    );
  }
  return refs;
}
