/**
 * The JavaScript strategy uses the same component sources as the TypeScript ones with the types
 * stripped by Oxc (through Vite, which the engine already depends on). JSX is kept as JSX.
 */
import { transformWithOxc } from 'vite';

/** Strips TypeScript from a TSX/TS source, keeping JSX and the code's shape. */
export async function toJavaScript(source: string, path: string): Promise<string> {
  const result = await transformWithOxc(source, path, {
    lang: path.endsWith('.ts') ? 'ts' : 'tsx',
    jsx: 'preserve',
  });
  return result.code;
}
