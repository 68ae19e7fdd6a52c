import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { AppError } from '@sitelift/shared/error-codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** True for a browser navigation the SPA should answer: a GET/HEAD that accepts HTML, outside /api and /dev. */
function isSpaNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (/^\/(api|dev)(\/|$)/.test(pathname)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sitelift — web app not built</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>Sitelift's web app is not built yet</h1>
<p>The API is running, but <code>apps/web/dist</code> does not exist. Run <code>npm run build</code> (or
<code>npm start</code>, which builds it first) and reload this page.</p></body></html>`;

/**
 * Serves the built SPA from `distDir` with history fallback: a GET that accepts HTML and is not under /api
 * or /dev gets index.html. Everything else unknown answers 404 `{ error }`. Without a build, HTML requests
 * get a page saying to run `npm run build`. Returns whether the build was found.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: { distDir: string },
): Promise<boolean> {
  const { distDir } = options;
  const isBuilt = existsSync(path.join(distDir, 'index.html'));
  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      // The web build writes .br/.gz beside each asset; serve them to clients that accept them.
      preCompressed: true,
      // One route per built file; everything else reaches the not-found handler (history fallback).
      wildcard: false,
      setHeaders: (reply, filePath) => {
        // Vite fingerprints everything under assets/; index.html must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (isSpaNavigation(request)) {
      if (!isBuilt) {
        return reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      }
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }
    throw new AppError('API_NOT_FOUND', {
      message: `Route ${request.method} ${request.url.split('?')[0]} not found.`,
    });
  });
  return isBuilt;
}
