import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { contentTypeOf } from '../../lib/content-types';

/** A static file server on loopback. */
export interface StaticServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  close(): Promise<void>;
}

/** Options of {@link startStaticServer}. */
export interface StaticServerOptions {
  /**
   * 'spa': a path without a file falls back to `/index.html` (history routing), while a missing file
   * with an extension is a 404 so that broken assets show. 'none': missing paths are 404s.
   */
  fallback: 'spa' | 'none';
  /** Content type for files whose extension is not known (old sites serve `.htm` without charset). */
  defaultContentType?: string;
  /** Override the content type per file (e.g. serve HTML without a charset, like old hosts do). */
  contentTypeFor?: (filePath: string) => string | undefined;
  /**
   * The path the folder is served under (default '/'), e.g. '/preview/abc/' like the live preview:
   * `/preview/abc/x` is served from `x`, the SPA fallback is `/preview/abc/index.html`, and paths
   * outside the base are 404s.
   */
  base?: string;
  /**
   * Files (paths under the base, e.g. `/assets/index-B1x2c3d4.js`) whose name carries a hash of their
   * content: served `immutable` for a year, as hosts serve Vite's `assets/`, so a browser loading route
   * after route reuses them (and their compiled code) instead of fetching them again.
   */
  immutable?: RegExp;
}

/** Text formats worth compressing (images, fonts and PDFs are compressed already). */
function isCompressible(contentType: string): boolean {
  return /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/.test(
    contentType,
  );
}

/** True when an Accept-Encoding header accepts gzip (`gzip`, `*`, without `q=0`). */
export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  let gzip: boolean | undefined;
  let any: boolean | undefined;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    const accepted = q === undefined || Number(q) > 0;
    if (name.trim() === 'gzip' || name.trim() === 'x-gzip') gzip = accepted;
    else if (name.trim() === '*') any = accepted;
  }
  return gzip ?? any ?? false;
}

async function isFile(filePath: string): Promise<boolean> {
  try {
    return (await stat(filePath)).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves `root` on 127.0.0.1 on a random port. `/route` is served from `route`, `route.html` or
 * `route/index.html` when one exists (prerendered pages), else per `fallback`.
 *
 * Hand-written rather than sirv (what `vite preview` serves with), on purpose: sirv compresses nothing
 * on the fly (only `.gz` files written next to the originals, and the folders served here — a fresh
 * build, test fixtures, the corpus — are not to be written to; `vite preview` adds a compression
 * middleware around it), its `setHeaders` sees the request path but not the file it resolved to (so
 * `contentTypeFor`, e.g. the corpus's charset-less HTML, could not be kept), and its SPA fallback
 * tells assets from routes by an ASCII-only file-name pattern. Wrapping it for these took more code
 * than this server is; the behaviour is the same as `vite preview`'s (fallback to index.html, hashed
 * `assets/` immutable, the rest `no-cache`, text gzipped).
 */
export async function startStaticServer(
  root: string,
  options: StaticServerOptions,
): Promise<StaticServer> {
  const absoluteRoot = path.resolve(root);
  const base = options.base ?? '/';
  if (!base.startsWith('/') || !base.endsWith('/'))
    throw new Error(`The base path must start and end with "/": ${base}`);
  const server = createServer((request, response) => {
    void (async () => {
      let pathname: string;
      try {
        pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
      } catch {
        response.writeHead(400).end();
        return;
      }
      if (!pathname.startsWith(base) && pathname !== base.slice(0, -1)) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      pathname = `/${pathname.slice(base.length)}`;
      const target = path.resolve(absoluteRoot, `.${pathname}`);
      if (target !== absoluteRoot && !target.startsWith(absoluteRoot + path.sep)) {
        response.writeHead(403).end();
        return;
      }
      const candidates = [target, `${target}.html`, path.join(target, 'index.html')];
      let found: string | undefined;
      for (const candidate of candidates) {
        if (await isFile(candidate)) {
          found = candidate;
          break;
        }
      }
      if (found === undefined && options.fallback === 'spa' && path.extname(pathname) === '') {
        const index = path.join(absoluteRoot, 'index.html');
        if (await isFile(index)) found = index;
      }
      if (found === undefined) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      const contentType =
        options.contentTypeFor?.(found) ??
        contentTypeOf(found) ??
        options.defaultContentType ??
        'application/octet-stream';
      // Compressed like any real host serves text, so Lighthouse measures realistic transfer sizes.
      const gzip = isCompressible(contentType) && acceptsGzip(request.headers['accept-encoding']);
      response.writeHead(200, {
        'content-type': contentType,
        'cache-control':
          options.immutable?.test(pathname) === true
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
        ...(isCompressible(contentType) ? { vary: 'Accept-Encoding' } : {}),
      });
      if (request.method === 'HEAD') {
        response.end();
        return;
      }
      const file = createReadStream(found).on('error', () => response.destroy());
      if (gzip) {
        file
          .pipe(createGzip())
          .on('error', () => response.destroy())
          .pipe(response);
      } else {
        file.pipe(response);
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
