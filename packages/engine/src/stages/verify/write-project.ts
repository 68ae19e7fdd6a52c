import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileTree } from '../../types';

/** The engine package's folder (packages/engine), found from this file's location. */
export const ENGINE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The node_modules folders the engine's own dependencies live in, nearest first: the engine's own
 * (npm may leave a package there when it cannot hoist it) and the repository root's.
 */
export function findBuilderNodeModules(from: string = ENGINE_DIR): string[] {
  const found: string[] = [];
  let dir = from;
  for (;;) {
    const candidate = path.join(dir, 'node_modules');
    if (existsSync(candidate)) found.push(candidate);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return found;
}

/**
 * Builds one node_modules folder of symlinks that merges `sources` (nearest first wins, scoped
 * packages merged per scope), so a generated project can resolve every builder dependency — vite,
 * react, tailwindcss, @vitejs/plugin-react — even when npm did not hoist all of them to the root.
 */
export async function linkBuilderNodeModules(target: string, sources: string[]): Promise<void> {
  await mkdir(target, { recursive: true });
  const taken = new Set<string>();
  for (const source of sources) {
    for (const entry of await readdir(source, { withFileTypes: true })) {
      if (entry.name === '.package-lock.json' || entry.name === '.cache' || entry.name === '.vite')
        continue;
      if (entry.name.startsWith('@') && entry.isDirectory()) {
        const scopeDir = path.join(target, entry.name);
        await mkdir(scopeDir, { recursive: true });
        for (const scoped of await readdir(path.join(source, entry.name))) {
          const key = `${entry.name}/${scoped}`;
          if (taken.has(key)) continue;
          taken.add(key);
          await symlink(path.join(source, entry.name, scoped), path.join(scopeDir, scoped));
        }
        continue;
      }
      if (taken.has(entry.name)) continue;
      taken.add(entry.name);
      await symlink(path.join(source, entry.name), path.join(target, entry.name));
    }
  }
}

/** A FileTree written to a temporary folder next to a merged builder node_modules. */
export interface WrittenProject {
  /** The temporary folder holding `project/` and `node_modules/`; removed by `dispose`. */
  root: string;
  /** The project's folder; its `node_modules` is a symlink to the builder's. */
  dir: string;
  dispose(): Promise<void>;
}

/** Writes `tree` to a new temporary folder and links the builder's node_modules into it. */
export async function writeProject(
  tree: FileTree,
  nodeModulesSources = findBuilderNodeModules(),
): Promise<WrittenProject> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'sitelift-verify-'));
  const dir = path.join(root, 'project');
  try {
    await mkdir(dir);
    for (const [relative, contents] of Object.entries(tree.files)) {
      const target = path.resolve(dir, relative);
      if (!target.startsWith(dir + path.sep))
        throw new Error(`File path leaves the project: ${relative}`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, contents);
    }
    await linkBuilderNodeModules(path.join(root, 'node_modules'), nodeModulesSources);
    await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  return { root, dir, dispose: () => rm(root, { recursive: true, force: true }) };
}

const TEXT_EXTENSIONS = new Set([
  '.html',
  '.htm',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.map',
  '.xml',
  '.txt',
  '.svg',
  '.webmanifest',
  '.md',
]);

/** Reads a folder into a FileTree (text files as strings, others as bytes), paths sorted. */
export async function readFileTree(dir: string): Promise<FileTree> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: [string, string | Uint8Array][] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, absolute).split(path.sep).join('/');
    const bytes = await readFile(absolute);
    files.push([
      relative,
      TEXT_EXTENSIONS.has(path.extname(entry.name).toLowerCase())
        ? bytes.toString('utf8')
        : new Uint8Array(bytes),
    ]);
  }
  files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { files: Object.fromEntries(files) };
}
