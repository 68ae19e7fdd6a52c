import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { AppError } from '@sitelift/shared/error-codes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** True for a browser navigation the SPA should answer: a GET/HEAD that accepts HTML, outside /api and /dev. */
function isSpaNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (/^\/(api|dev)(\/|$)/.test(pathname)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * The public pages the web build prerenders (issue 13 item 6), by path, with the name of the files
 * `apps/web/scripts/prerender.mjs` writes for each under `dist/prerendered/`: `<name>.html` says the
 * rebuilt site can be pushed to GitHub, `<name>.no-github.html` says it downloads as a zip (issue 14:
 * the landing page's claim matches what this server has configured).
 */
const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'index',
  '/terms': 'terms',
  '/privacy': 'privacy',
};

/** What the public pages claim: GitHub export (issue 14), a default model (25), one-click deploy (27). */
interface PageVariant {
  githubConfigured: boolean;
  aiConfigured: boolean;
  hostingConfigured: boolean;
}

/**
 * The variants to try for a configuration, best first: the exact one, then the same GitHub claim
 * without AI (a build from before the AI variants), then the other GitHub claim.
 */
function toVariantSuffixes({
  githubConfigured,
  aiConfigured,
  hostingConfigured,
}: PageVariant): string[] {
  const github = githubConfigured ? ['', '.no-github'] : ['.no-github', ''];
  const ai = aiConfigured ? ['.ai', ''] : [''];
  // A build from before the hosting variants has only the page without the claim.
  const hosting = hostingConfigured ? ['.hosting', ''] : [''];
  return github.flatMap((g) => ai.flatMap((a) => hosting.map((h) => `${g}${a}${h}`)));
}

/**
 * The HTML file of dist that answers a navigation to `url`: the prerendered page of a public path in
 * the variant that matches the configuration when the build has it (a build with fewer variants
 * serves the closest one), else the single-page app's shell, marked for the configuration when the
 * build has that copy; undefined without a build. Looked up on every request, so a build made (or
 * remade) while the server runs is served without a restart.
 */
function pageFileFor(distDir: string, url: string, variant: PageVariant): string | undefined {
  const pathname = (url.split(/[?#]/)[0] ?? '/').replace(/(.)\/+$/, '$1');
  const name = PRERENDERED_PAGES[pathname];
  if (name) {
    const found = toVariantSuffixes(variant)
      .map((suffix) => `${name}${suffix}.html`)
      .find((file) => existsSync(path.join(distDir, 'prerendered', file)));
    if (found) return `prerendered/${found}`;
  }
  // The app's shell, marked data-github="on" / data-ai="on" as configured (its footer then says so too).
  const marks = `${variant.githubConfigured ? '.github' : ''}${variant.aiConfigured ? '.ai' : ''}`;
  const hosting = variant.hostingConfigured ? '.hosting' : '';
  const shells = [
    ...(marks || hosting ? [`prerendered/app${marks}${hosting}.html`] : []),
    ...(marks && hosting ? [`prerendered/app${marks}.html`] : []),
    ...(variant.githubConfigured && variant.aiConfigured ? [APP_SHELL_GITHUB] : []),
  ];
  const shell = shells.find((file) => existsSync(path.join(distDir, file)));
  if (shell) return shell;
  return existsSync(path.join(distDir, 'index.html')) ? 'index.html' : undefined;
}

/** dist/index.html marked `<html data-github="on">`, written by prerender.mjs. */
const APP_SHELL_GITHUB = 'prerendered/app.github.html';

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sitelift — web app not built</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>Sitelift's web app is not built yet</h1>
<p>The API is running, but <code>apps/web/dist</code> does not exist. Run <code>npm run build</code> (or
<code>npm start</code>, which builds it first) and reload this page.</p></body></html>`;

/**
 * Serves the built web app from `distDir`: files as they are (`.br`/`.gz` when accepted), and for a
 * GET that accepts HTML and is not under /api or /dev, the prerendered page of `/`, `/terms` and
 * `/privacy` (the variant that matches `githubConfigured`, default false: the pages then offer the
 * zip download instead of GitHub, and `aiConfigured`, default false: no AI claim) or else index.html (history fallback). Everything else unknown answers 404 `{ error }`.
 * Without a build, HTML requests get a page saying to run `npm run build`. The build is looked up per
 * request; the returned boolean only says whether it existed at start (for the start-up warning).
 */
export async function registerSpa(
  app: FastifyInstance,
  options: {
    distDir: string;
    githubConfigured?: boolean;
    aiConfigured?: boolean;
    hostingConfigured?: boolean;
  },
): Promise<boolean> {
  const {
    distDir,
    githubConfigured = false,
    aiConfigured = false,
    hostingConfigured = false,
  } = options;
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    // The web build writes .br/.gz beside each asset; serve them to clients that accept them.
    preCompressed: true,
    // One wildcard route that looks files up per request; a missing file reaches the not-found
    // handler below (history fallback).
    wildcard: true,
    setHeaders: (reply, filePath) => {
      // Vite fingerprints everything under assets/; pages must always be revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('cache-control', 'no-cache');
      }
    },
  });
  const answerUnmatched = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isSpaNavigation(request)) {
      const pageFile = pageFileFor(distDir, request.url, {
        githubConfigured,
        aiConfigured,
        hostingConfigured,
      });
      if (!pageFile) {
        return reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      }
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile(pageFile);
    }
    throw new AppError('API_NOT_FOUND', {
      message: `Route ${request.method} ${request.url.split('?')[0]} not found.`,
    });
  };
  // `/` is the folder itself for the static wildcard route, so it gets a route of its own.
  app.route({ method: ['GET', 'HEAD'], url: '/', handler: answerUnmatched });
  app.setNotFoundHandler(answerUnmatched);
  return existsSync(path.join(distDir, 'index.html'));
}
