/** Prettier (standalone, in memory) over generated sources, chosen by file extension. */
import type { Options, Plugin } from 'prettier';
import * as babel from 'prettier/plugins/babel';
import * as estree from 'prettier/plugins/estree';
import * as markdown from 'prettier/plugins/markdown';
import * as postcss from 'prettier/plugins/postcss';
import * as typescript from 'prettier/plugins/typescript';
import { format } from 'prettier/standalone';

const PLUGINS = [babel, estree, markdown, postcss, typescript] as Plugin[];
const BASE: Options = {
  printWidth: 100,
  singleQuote: true,
  trailingComma: 'all',
  plugins: PLUGINS,
};

function parserFor(path: string): string | undefined {
  if (/\.(?:ts|tsx)$/.test(path)) return 'typescript';
  if (/\.(?:js|jsx|mjs)$/.test(path)) return 'babel';
  if (/\.(?:json|webmanifest)$/.test(path)) return 'json';
  if (path.endsWith('.css')) return 'css';
  if (path.endsWith('.md')) return 'markdown';
  // index.html is written already formatted: reformatting would put whitespace inside #root and
  // break hydration of prerendered pages.
  return undefined;
}

/** Formats one generated file; files Prettier does not handle are returned unchanged. */
export async function formatSource(path: string, source: string): Promise<string> {
  const parser = parserFor(path);
  if (!parser) return source;
  // CSS keeps double quotes: `@import "tailwindcss";` is the form Tailwind's docs (and tools) expect.
  return format(source, { ...BASE, parser, filepath: path, singleQuote: parser !== 'css' });
}
