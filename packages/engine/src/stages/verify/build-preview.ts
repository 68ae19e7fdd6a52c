import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FileTree } from '../../types';
import { buildProject } from './build-project';
import { readFileTree, writeProject } from './write-project';

/** A base path: starts and ends with '/', plain path segments only (no '.', '..', '//', quotes). */
export const BASE_PATH_PATTERN = /^\/(?:(?!\.\.?\/)[A-Za-z0-9._~-]+\/)*$/u;

/** The outcome of {@link buildPreview}. */
export type PreviewBuild =
  { ok: true; ms: number; dist: FileTree } | { ok: false; ms: number; error: string };

/**
 * Builds a generated project for a base path (e.g. '/preview/abc/' for the live preview) with the
 * same build verify runs, and returns its dist/: index.html, chunks and prerendered pages then
 * reference `<base>assets/...`, and the router and links live under the base. A failed build is
 * returned, never thrown.
 */
export async function buildPreview(
  tree: FileTree,
  base: string,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<PreviewBuild> {
  if (!BASE_PATH_PATTERN.test(base)) {
    return { ok: false, ms: 0, error: `Not a base path (it must start and end with "/"): ${base}` };
  }
  const project = await writeProject(tree);
  try {
    const build = await buildProject(project.dir, { ...options, base });
    const ms = Math.round(build.ms);
    if (!build.ok) return { ok: false, ms, error: build.error ?? 'The build failed' };
    const distDir = path.join(project.dir, 'dist');
    if (!existsSync(path.join(distDir, 'index.html'))) {
      return { ok: false, ms, error: 'The build finished but wrote no dist/index.html' };
    }
    return { ok: true, ms, dist: await readFileTree(distDir) };
  } finally {
    await project.dispose();
  }
}
