import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Settings } from './s3-artifact-store';

/**
 * Where a project's artifacts live: `project.zip`, `report.json`, `screenshots/<before|after>/<x>.webp`
 * and `dist/...` (the built site for the preview). Names are relative, '/'-separated.
 */
export interface ArtifactStore {
  readonly kind: 'local' | 's3';
  /** Replaces every artifact of the project with `files` (readers see the old set or the new one). */
  replaceProjectArtifacts(projectId: string, files: Map<string, Uint8Array>): Promise<void>;
  /** Opens one artifact for reading; null when it does not exist. */
  open(projectId: string, name: string): Promise<{ stream: Readable; size: number } | null>;
  /** True when the artifact exists. */
  exists(projectId: string, name: string): Promise<boolean>;
  /** The names of the project's artifacts that start with `prefix` (e.g. 'dist/'), in no order. */
  list(projectId: string, prefix: string): Promise<string[]>;
  /** Removes every artifact of the project. */
  deleteProject(projectId: string): Promise<void>;
}

/** Artifact names of a project. */
export const ARTIFACT_NAMES = {
  zip: 'project.zip',
  report: 'report.json',
  screenshotsDir: 'screenshots',
  distDir: 'dist',
} as const;

export const PROJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a relative '/'-separated artifact name that stays inside its project. */
export function isSafeArtifactName(name: string): boolean {
  if (name === '' || name.includes('\0') || name.includes('\\') || name.startsWith('/'))
    return false;
  return name.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Local-disk store under `root` (DATA_DIR/artifacts): one folder per project. */
export function createLocalArtifactStore(root: string): ArtifactStore {
  const projectDir = (projectId: string) => {
    if (!PROJECT_ID.test(projectId)) throw new Error(`not a project id: ${projectId}`);
    return path.join(root, projectId);
  };
  /** The file of `name` inside the project's folder, or undefined when `name` tries to leave it. */
  const resolve = (projectId: string, name: string): string | undefined => {
    const dir = projectDir(projectId);
    if (name.includes('\0')) return undefined;
    const file = path.resolve(dir, name);
    return file.startsWith(`${dir}${path.sep}`) ? file : undefined;
  };

  return {
    kind: 'local',
    async replaceProjectArtifacts(projectId, files) {
      const dir = projectDir(projectId);
      const suffix = randomBytes(6).toString('hex');
      const staging = `${dir}.new-${suffix}`;
      const old = `${dir}.old-${suffix}`;
      await mkdir(staging, { recursive: true });
      try {
        for (const [name, bytes] of files) {
          const file = path.resolve(staging, name);
          if (!file.startsWith(`${staging}${path.sep}`))
            throw new Error(`bad artifact name ${name}`);
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, bytes);
        }
        await rename(dir, old).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
        await rename(staging, dir);
      } catch (error) {
        await rm(staging, { recursive: true, force: true });
        throw error;
      }
      await rm(old, { recursive: true, force: true });
    },
    async open(projectId, name) {
      const file = resolve(projectId, name);
      if (!file) return null;
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { stream: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    async exists(projectId, name) {
      const file = resolve(projectId, name);
      if (!file) return false;
      try {
        return (await stat(file)).isFile();
      } catch {
        return false;
      }
    },
    async list(projectId, prefix) {
      const dir = projectDir(projectId);
      try {
        const entries = await readdir(dir, { recursive: true, withFileTypes: true });
        return entries
          .filter((entry) => entry.isFile())
          .map((entry) =>
            path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
          )
          .filter((name) => name.startsWith(prefix));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
    async deleteProject(projectId) {
      await rm(projectDir(projectId), { recursive: true, force: true });
    },
  };
}

/** The store the configuration asks for: S3 when S3_BUCKET is set, else DATA_DIR/artifacts. */
export async function createArtifactStore(config: {
  dataDir: string;
  s3: S3Settings | undefined;
}): Promise<ArtifactStore> {
  if (config.s3) {
    const { createS3ArtifactStore } = await import('./s3-artifact-store');
    return createS3ArtifactStore(config.s3);
  }
  return createLocalArtifactStore(path.join(config.dataDir, 'artifacts'));
}
