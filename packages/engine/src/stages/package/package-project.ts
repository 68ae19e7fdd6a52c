import { AppError } from '@sitelift/shared/error-codes';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Archive, FileTree, SiteliftReport } from '../../types';

/** Where the report sits in the zip. */
export const REPORT_FILE = 'sitelift-report.json';
/** Folder of the before/after screenshots in the zip. */
export const SCREENSHOTS_DIR = 'sitelift-report/screenshots';

/**
 * Every entry's modification time: 2000-01-01 00:00. fflate writes DOS times from a Date's local
 * fields, so a Date built from local fields (at packaging time, in the current zone) gives the same
 * bytes in every time zone.
 */
function toFixedMtime(): Date {
  return new Date(2000, 0, 1, 0, 0, 0);
}

// Formats that are already compressed: stored, not deflated again.
const STORED = /\.(?:png|jpe?g|gif|webp|avif|ico|woff2?|zip|gz|br|mp4|webm|mp3|pdf)$/iu;

/** Options of {@link packageProject}. */
export interface PackageOptions {
  /** PNG screenshots keyed like VerifyReport.screenshots (`before/index-desktop.png`). */
  screenshots?: Record<string, Uint8Array>;
  /**
   * A folder every entry goes into (the project's name), so the zip unpacks into one folder;
   * made safe by {@link toArchiveFolder}. Without it, entries sit at the root.
   */
  rootFolder?: string;
}

/**
 * A folder name that every file system takes: no path separators or characters Windows refuses,
 * no control characters, no leading or trailing dots and spaces, at most 80 characters; 'project'
 * when nothing is left.
 */
export function toArchiveFolder(name: string): string {
  const safe = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s-]+|[.\s]+$/g, '')
    .slice(0, 80)
    .trim();
  return /^(?:con|prn|aux|nul|com\d|lpt\d)$/i.test(safe) || safe === '' ? 'project' : safe;
}

function toBytes(contents: string | Uint8Array): Uint8Array {
  return typeof contents === 'string' ? new TextEncoder().encode(contents) : contents;
}

function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The archive's entries, sorted by path: project files, the report, the screenshots. */
export function listArchiveEntries(
  tree: FileTree,
  report: SiteliftReport,
  options: PackageOptions = {},
): [string, Uint8Array][] {
  const entries = new Map<string, Uint8Array>();
  for (const [path, contents] of Object.entries(tree.files)) {
    if (path.startsWith('/') || path.split('/').includes('..')) {
      throw new AppError('ENGINE_PACKAGE_FAILED', {
        message: `A project file path is not relative: ${path}`,
      });
    }
    entries.set(path, toBytes(contents));
  }
  entries.set(REPORT_FILE, new TextEncoder().encode(`${JSON.stringify(report, null, 2)}\n`));
  for (const [name, png] of Object.entries(options.screenshots ?? {})) {
    entries.set(`${SCREENSHOTS_DIR}/${name}`, png);
  }
  const prefix = options.rootFolder === undefined ? '' : `${toArchiveFolder(options.rootFolder)}/`;
  return [...entries]
    .sort(([a], [b]) => byPath(a, b))
    .map(([path, bytes]) => [`${prefix}${path}`, bytes]);
}

/**
 * Streams the project's zip chunk by chunk to `onChunk` (for a download response), in a stable file
 * order with fixed times, so the same input always gives the same bytes. Resolves when the last chunk
 * has been handed over.
 */
export function streamProjectZip(
  entries: [string, Uint8Array][],
  onChunk: (chunk: Uint8Array) => void,
): Promise<void> {
  const mtime = toFixedMtime();
  return new Promise((resolve, reject) => {
    const zip = new Zip((error, chunk, final) => {
      if (error) {
        reject(new AppError('ENGINE_PACKAGE_FAILED', { cause: error }));
        return;
      }
      onChunk(chunk);
      if (final) resolve();
    });
    for (const [path, bytes] of entries) {
      const file = STORED.test(path)
        ? new ZipPassThrough(path)
        : new ZipDeflate(path, { level: 6 });
      file.mtime = mtime;
      zip.add(file);
      file.push(bytes, true);
    }
    zip.end();
  });
}

/**
 * Packages a generated project as a zip: its files, `sitelift-report.json` and the verify screenshots
 * under `sitelift-report/screenshots/`, in sorted path order with deterministic bytes.
 */
export async function packageProject(
  tree: FileTree,
  report: SiteliftReport,
  options: PackageOptions = {},
): Promise<Archive> {
  const entries = listArchiveEntries(tree, report, options);
  const chunks: Uint8Array[] = [];
  await streamProjectZip(entries, (chunk) => chunks.push(chunk));
  const size = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const zip = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    zip.set(chunk, offset);
    offset += chunk.length;
  }
  return { zip, entries: entries.map(([path]) => path) };
}
