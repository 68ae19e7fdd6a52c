/**
 * The URLs a stylesheet refers to, read with css-tree (a maintained CSS parser that tolerates the
 * broken CSS old sites ship): escapes, comments, quoting and nesting are the parser's job.
 */
import { parse, walk } from 'css-tree';

/** A url() reference inside CSS, with what kind of rule it came from. */
export interface CssUrl {
  url: string;
  /** 'font' inside @font-face, else 'image' (backgrounds, list-style images, cursors...). */
  kind: 'font' | 'image';
}

/** Parses a stylesheet (or a style attribute's declarations, when `declarations` is set). */
function parseCss(css: string, declarations: boolean) {
  return parse(css, {
    context: declarations ? 'declarationList' : 'stylesheet',
    // Only url() values matter here: values and selectors stay raw, which is faster and never fails.
    parseValue: true,
    parseRulePrelude: false,
    parseAtrulePrelude: true,
    onParseError: () => {},
  });
}

/** A style attribute holds declarations, a stylesheet holds rules. */
function looksLikeDeclarations(css: string): boolean {
  return !/[{}]/.test(css) && !/^\s*@/.test(css);
}

/** The targets of `@import` rules, in order. */
export function listCssImports(css: string): string[] {
  const imports: string[] = [];
  walk(parseCss(css, false), {
    visit: 'Atrule',
    enter(node) {
      if (node.name.toLowerCase() !== 'import' || !node.prelude) return;
      walk(node.prelude, (child) => {
        if (child.type === 'Url' || child.type === 'String') {
          imports.push(child.value);
          return walk.break;
        }
      });
    },
  });
  return imports;
}

/** Every url() in a stylesheet or style attribute except @import targets, tagged font or image. */
export function listCssUrls(css: string): CssUrl[] {
  const urls: CssUrl[] = [];
  const ast = parseCss(css, looksLikeDeclarations(css));
  walk(ast, {
    visit: 'Url',
    enter(node) {
      // An @import's url() is a stylesheet, listed by listCssImports.
      if (this.atrule?.name.toLowerCase() === 'import') return;
      if (!node.value) return;
      const inFontFace = this.atrule?.name.toLowerCase() === 'font-face';
      urls.push({ url: node.value, kind: inFontFace ? 'font' : 'image' });
    },
  });
  return urls;
}
