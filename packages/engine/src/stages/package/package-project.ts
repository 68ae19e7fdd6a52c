import { deflateRawSync } from 'node:zlib';
import { AppError } from '@sitelift/shared/error-codes';
import { Zip, ZipPassThrough } from 'fflate';
import type { Archive, FileTree, SiteliftReport } from '../../types';
import { findUnsoundEntries } from './read-zip';

/** Where the report sits in the zip. */
export const REPORT_FILE = 'sitelift-report.json';
/** Folder of the before/after screenshots in the zip. */
export const SCREENSHOTS_DIR = 'sitelift-report/screenshots';

// Formats that are already compressed: stored, not deflated again.
const STORED = /\.(?:png|jpe?g|gif|webp|avif|ico|woff2?|zip|gz|br|mp4|webm|mp3|pdf)$/iu;

/** Options of {@link packageProject}. */
export interface PackageOptions {
  /** Screenshots keyed like VerifyReport.screenshots (`before/index-desktop.jpg`). */
  screenshots?: Record<string, Uint8Array>;
  /**
   * A folder every entry goes into (the project's name), so the zip unpacks into one folder;
   * made a slug by {@link toArchiveFolder}. Without it, entries sit at the root.
   */
  rootFolder?: string;
  /** Every entry's modification time; default: now (when the project was packaged). */
  mtime?: Date;
}

/**
 * A folder name without spaces that every file system and shell takes: a slug of lower-case
 * letters (any script), digits and dashes, accents dropped, at most 80 characters ("Old Bakery /
 * 1998" → "old-bakery-1998", "Café Müller" → "cafe-muller"); 'project' when nothing is left or
 * the name is one Windows reserves.
 */
export function toArchiveFolder(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return /^(?:con|prn|aux|nul|com\d|lpt\d)$/i.test(slug) || slug === '' ? 'project' : slug;
}

/**
 * A zip entry deflated by Node's zlib. fflate's streaming deflate (ZipDeflate, 0.8.2 and 0.8.3)
 * emits back-references further back than the data for some inputs (fflate issues 260 and 282):
 * TrueType fonts of Font Awesome came out of the zip with a CRC that did not match their bytes.
 * The entry takes its whole contents in one push.
 */
class ZipZlibDeflate extends ZipPassThrough {
  constructor(filename: string) {
    super(filename);
    this.compression = 8;
  }

  override process(chunk: Uint8Array, final: boolean): void {
    this.ondata(null, deflateRawSync(chunk, { level: 6 }), final);
  }
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
 * order, every entry dated `mtime` (so the same input and time give the same bytes). Resolves when
 * the last chunk has been handed over.
 */
export function streamProjectZip(
  entries: [string, Uint8Array][],
  onChunk: (chunk: Uint8Array) => void,
  mtime: Date = new Date(),
): Promise<void> {
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
      const file = STORED.test(path) ? new ZipPassThrough(path) : new ZipZlibDeflate(path);
      file.mtime = mtime;
      zip.add(file);
      file.push(bytes, true);
    }
    zip.end();
  });
}

/**
 * Packages a generated project as a zip: its files, `sitelift-report.json` and the verify screenshots
 * under `sitelift-report/screenshots/`, in sorted path order, dated when it was packaged.
 */
export async function packageProject(
  tree: FileTree,
  report: SiteliftReport,
  options: PackageOptions = {},
): Promise<Archive> {
  const entries = listArchiveEntries(tree, report, options);
  const chunks: Uint8Array[] = [];
  await streamProjectZip(entries, (chunk) => chunks.push(chunk), options.mtime);
  const size = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const zip = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    zip.set(chunk, offset);
    offset += chunk.length;
  }
  // Read back as an unzip tool would: a zip with an entry whose bytes fail its CRC is never delivered.
  let unsound: string[];
  try {
    unsound = findUnsoundEntries(zip);
  } catch (error) {
    throw new AppError('ENGINE_PACKAGE_FAILED', {
      cause: error,
      message: `The zip did not read back: ${(error as Error).message}`,
    });
  }
  if (unsound.length > 0) {
    throw new AppError('ENGINE_PACKAGE_FAILED', {
      message: `The zip did not read back: ${unsound.slice(0, 3).join(', ')} failed their CRC`,
    });
  }
  return { zip, entries: entries.map(([path]) => path) };
}
