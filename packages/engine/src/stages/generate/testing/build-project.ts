/**
 * Test support (not part of the pure stage): writes a FileTree to a temporary folder, links the
 * engine's own installed packages in as its node_modules, and runs the project's `npm run build`.
 * The engine's packages are split between the repository root and packages/engine/node_modules, so
 * node_modules is a folder of per-package symlinks rather than one symlink.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileTree } from '../../../types';

/** The repository root, found from this file. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const ENGINE_ROOT = join(REPO_ROOT, 'packages', 'engine');

const PACKAGES = [
  'react',
  'react-dom',
  'react-router',
  'vite',
  '@vitejs/plugin-react',
  'tailwindcss',
  '@tailwindcss/vite',
  'typescript',
  '@types/react',
  '@types/react-dom',
];
const BINARIES: Record<string, string> = { vite: 'vite/bin/vite.js', tsc: 'typescript/bin/tsc' };

/** Where an installed package lives (engine's own node_modules first, then the root's). */
export function findPackage(name: string): string {
  for (const base of [join(ENGINE_ROOT, 'node_modules'), join(REPO_ROOT, 'node_modules')]) {
    const dir = join(base, name);
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new Error(`Package ${name} is not installed`);
}

/** Writes the tree into a new temporary folder and returns its path. */
export async function writeTree(tree: FileTree, prefix = 'sitelift-gen-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  for (const [path, content] of Object.entries(tree.files)) {
    const file = join(dir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  return dir;
}

/** Links the builder packages into dir/node_modules (and their binaries into .bin). */
export async function linkNodeModules(dir: string): Promise<void> {
  const modules = join(dir, 'node_modules');
  await mkdir(join(modules, '.bin'), { recursive: true });
  for (const name of PACKAGES) {
    const target = join(modules, name);
    await mkdir(dirname(target), { recursive: true });
    await symlink(findPackage(name), target, 'dir');
  }
  for (const [bin, path] of Object.entries(BINARIES))
    await symlink(join('..', path), join(modules, '.bin', bin));
}

/** Runs an npm script of the project; returns its exit status and output. */
export function runScript(dir: string, script: string): { ok: boolean; output: string } {
  const result = spawnSync('npm', ['run', script, '--silent'], {
    cwd: dir,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      NO_COLOR: '1',
    },
    timeout: 120_000,
  });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** Writes, links and builds a tree; the caller removes the folder with `removeProject`. */
export async function buildTree(
  tree: FileTree,
): Promise<{ dir: string; ok: boolean; output: string }> {
  const dir = await writeTree(tree);
  await linkNodeModules(dir);
  const result = runScript(dir, 'build');
  return { dir, ...result };
}

/** Removes a project folder written by writeTree. */
export async function removeProject(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
