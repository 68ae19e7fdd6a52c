import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';

/** The name the bundle's exports take inside the wrapper (a local: the page's globals stay untouched). */
const EXPORTS = '__siteliftInPage';

const scripts = new Map<string, string>();

/**
 * A script that runs inside a rendered page (a module of browser/in-page/, TypeScript typed against
 * the DOM, exporting `run`), as the source of one function expression: `(${script})(options)` runs it.
 *
 * The module and what it imports are bundled by esbuild on first use in this process, then kept in
 * memory (decision record 037): the engine runs from source (tsx), so nothing is built before a
 * run or a test. The bundle is plain browser JavaScript: no minification, no helper the page lacks
 * (esbuild's `__name` comes only with `keepNames`, which tsx sets for the engine's own code), no
 * source map, and every name local to the wrapper.
 */
export function inPageScript(entry: string): string {
  let script = scripts.get(entry);
  if (script === undefined) {
    const built = buildSync({
      entryPoints: [fileURLToPath(new URL(`./in-page/${entry}`, import.meta.url))],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: EXPORTS,
      platform: 'browser',
      target: 'es2022',
      charset: 'utf8',
      legalComments: 'none',
      logLevel: 'silent',
    });
    const bundle = built.outputFiles[0]?.text;
    if (bundle === undefined) throw new Error(`esbuild wrote no bundle for ${entry}`);
    script = `(() => {\n${bundle}\nreturn ${EXPORTS}.run;\n})()`;
    scripts.set(entry, script);
  }
  return script;
}
