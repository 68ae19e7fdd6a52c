import { readFileSync } from 'node:fs';

/**
 * The text of a script that runs inside a rendered page (this folder's `*.js` files): plain browser
 * JavaScript kept in real files, linted as browser code, read once and handed to Playwright as text
 * so that no build tool rewrites it (esbuild would add helpers such as `__name` that the page does
 * not have). Each file holds one expression; a trailing semicolon is dropped so that callers can wrap
 * it, e.g. `(${script})(options)`.
 */
export function readInPageScript(name: string): string {
  const text = readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');
  const body = text.replace(/^(?:\/\/[^\n]*\n)+/, '').trim();
  return body.endsWith(';') ? body.slice(0, -1) : body;
}
