import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { gzipSync } from 'node:zlib';
import { contentTypeOf } from '@sitelift/engine';
import { ARTIFACT_NAMES, type ArtifactStore } from '../artifacts/artifact-store';
import { rebaseHtml } from '../http/routes/preview.routes';

/** A project's stored build, served on loopback for a measurement. */
export interface StoredDistServer {
  /** The start of the site, e.g. `http://127.0.0.1:41234/preview/<id>/`. */
  baseUrl: string;
  close(): Promise<void>;
}

const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * Serves the project's stored dist/ (the live preview's build) at `/preview/<id>/` on 127.0.0.1, as
 * the preview and a static host serve it: a prerendered route's own index.html, else the app shell;
 * text compressed with gzip and Vite's hashed `assets/` cached for a year, so that Lighthouse measures
 * the rebuild as it will be hosted, not this server. Nothing but loopback can reach it, and it lives
 * only for the measurement.
 */
export async function serveStoredDist(
  artifacts: ArtifactStore,
  projectId: string,
): Promise<StoredDistServer> {
  const base = `/preview/${projectId}/`;
  const read = async (name: string) => {
    const opened = await artifacts.open(projectId, `${ARTIFACT_NAMES.distDir}/${name}`);
    return opened ? buffer(opened.stream) : undefined;
  };
  const server = createServer((request, response) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      if (!pathname.startsWith(base)) {
        response.writeHead(404).end();
        return;
      }
      const rest = pathname
        .slice(base.length)
        .split('/')
        .filter((segment) => segment !== '' && segment !== '.');
      if (rest.includes('..')) {
        response.writeHead(404).end();
        return;
      }
      const file = rest.join('/');
      const last = rest.at(-1) ?? '';
      const isDocument = !last.includes('.') || last.endsWith('.html');
      const candidates = isDocument
        ? last.endsWith('.html')
          ? [file]
          : [file === '' ? 'index.html' : `${file}/index.html`, 'index.html']
        : [file];
      for (const candidate of candidates) {
        const body = await read(candidate);
        if (body === undefined) continue;
        const type = isDocument
          ? 'text/html; charset=utf-8'
          : (contentTypeOf(candidate) ?? 'application/octet-stream');
        const content = isDocument ? Buffer.from(rebaseHtml(body.toString('utf8'), base)) : body;
        const gzip =
          COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(request.headers['accept-encoding']));
        response.writeHead(200, {
          'content-type': type,
          'cache-control': candidate.startsWith('assets/')
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
          ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
        });
        response.end(gzip ? gzipSync(content) : content);
        return;
      }
      response.writeHead(404).end();
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${base}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
