import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { chmod, lstat, mkdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { buildChildEnv } from '../process/build-child-env';

/** The npm package whose Chromium (a headless shell for Linux x64) `npm install` brings. */
export const NPM_CHROMIUM_PACKAGE = '@sparticuz/chromium';

/** Options of {@link unpackNpmChromium}. */
export interface NpmChromiumOptions {
  /**
   * Folder under which `chromium-<package version>/chromium` is unpacked. Default
   * `$XDG_CACHE_HOME/sitelift` or `~/.cache/sitelift`, else `<tmpdir>/sitelift-<uid>`.
   */
  cacheDir?: string;
}

/** An unpacked npm Chromium. */
export interface NpmChromium {
  path: string;
  /** What the binary reports with --version, e.g. "Chromium 153.0.8010.0". */
  name: string;
  /** True when a binary unpacked earlier was checked and reused. */
  reused: boolean;
}

const VERSION_TIMEOUT_MS = 10_000;

/** Runs `<binary> --version` with an environment without secrets; its first line, or undefined. */
export function readBrowserVersion(binary: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      binary,
      ['--version'],
      { env: buildChildEnv(), timeout: VERSION_TIMEOUT_MS, windowsHide: true },
      (error, stdout) => {
        const line = String(stdout).trim().split('\n')[0]?.trim();
        resolve(error || !line ? undefined : line.slice(0, 120));
      },
    );
  });
}

function locatePackage(): { binDir: string; version: string } {
  // Resolved, not imported: importing the package changes process.env on some hosts (AWS Lambda).
  const entry = createRequire(import.meta.url).resolve(NPM_CHROMIUM_PACKAGE);
  const root = path.resolve(path.dirname(entry), '..');
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { binDir: path.join(root, 'bin'), version: manifest.version };
}

function defaultCacheDirs(): string[] {
  const home = os.homedir();
  const xdg = process.env['XDG_CACHE_HOME'];
  const uid = process.getuid?.() ?? 'user';
  return [
    ...(xdg ? [path.join(xdg, 'sitelift')] : home ? [path.join(home, '.cache', 'sitelift')] : []),
    path.join(os.tmpdir(), `sitelift-${uid}`),
  ];
}

/**
 * A folder only this user can write: created with mode 0700, and an existing one must belong to this
 * user and not be writable by others (else someone else could swap the binary we are about to run).
 */
async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stat = await lstat(dir);
  const uid = process.getuid?.();
  if (!stat.isDirectory()) throw new Error(`${dir} is not a folder`);
  if (uid !== undefined && stat.uid !== uid) throw new Error(`${dir} belongs to another user`);
  if ((stat.mode & 0o022) !== 0) throw new Error(`${dir} is writable by other users`);
}

/** Whether `binary` is a file of this user, not writable by others, that reports the expected version. */
async function checkUnpacked(binary: string, major: string): Promise<string | undefined> {
  const stat = await lstat(binary).catch(() => undefined);
  if (stat === undefined || !stat.isFile()) return undefined;
  const uid = process.getuid?.();
  if ((uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) return undefined;
  const name = await readBrowserVersion(binary);
  return name !== undefined && name.startsWith(`Chromium ${major}.`) ? name : undefined;
}

async function unpackInto(dir: string, binDir: string, major: string): Promise<NpmChromium> {
  const binary = path.join(dir, 'chromium');
  // Never reuse a file just because it exists (the package itself does): an older unpack, a
  // truncated write or a foreign file would start a browser of the wrong version, or none.
  const existing = await checkUnpacked(binary, major);
  if (existing !== undefined) return { path: binary, name: existing, reused: true };
  // Unpacked beside the target and renamed over it: another process never sees half a binary.
  const partial = path.join(
    dir,
    `chromium.${process.pid}-${randomBytes(4).toString('hex')}.partial`,
  );
  try {
    await pipeline(
      createReadStream(path.join(binDir, 'chromium.br'), { highWaterMark: 2 ** 22 }),
      createBrotliDecompress({ chunkSize: 2 ** 21 }),
      createWriteStream(partial, { mode: 0o700 }),
    );
    await chmod(partial, 0o755);
    const name = await checkUnpacked(partial, major);
    if (name === undefined) {
      throw new Error(
        `the unpacked binary does not start (\`${partial} --version\` failed); on Debian/Ubuntu it needs libnss3 and libexpat1`,
      );
    }
    await rename(partial, binary);
    return { path: binary, name, reused: false };
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * Unpacks the Chromium of the `@sparticuz/chromium` package (Linux x64 only) into a folder named after
 * the package version, or reuses one unpacked earlier once its `--version` matches. About 2-5 s the
 * first time, then a `--version` call.
 */
export async function unpackNpmChromium(options: NpmChromiumOptions = {}): Promise<NpmChromium> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `${NPM_CHROMIUM_PACKAGE} ships Chromium for Linux x64 only (this is ${process.platform} ${process.arch})`,
    );
  }
  const { binDir, version } = locatePackage();
  const major = version.split('.')[0] ?? version;
  const roots = options.cacheDir === undefined ? defaultCacheDirs() : [options.cacheDir];
  const problems: string[] = [];
  for (const root of roots) {
    const dir = path.join(root, `chromium-${version}`);
    try {
      await ensurePrivateDir(dir);
    } catch (error) {
      problems.push((error as Error).message);
      continue;
    }
    try {
      return await unpackInto(dir, binDir, major);
    } catch (error) {
      throw new Error(
        `could not unpack ${NPM_CHROMIUM_PACKAGE} ${version}: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
  }
  throw new Error(
    `could not unpack ${NPM_CHROMIUM_PACKAGE} ${version}: no private folder for it (${problems.join('; ')})`,
  );
}
