import { createHmac, timingSafeEqual } from 'node:crypto';
import { contentTypeOf } from '@sitelift/engine';
import { AppError } from '@sitelift/shared/error-codes';
import {
  createShareLinkBodySchema,
  shareLinkListSchema,
  shareLinkSchema,
} from '@sitelift/shared/schemas/share-link';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ARTIFACT_NAMES, type ArtifactStore } from '../../artifacts/artifact-store';
import type { Auth } from '../../auth/build-auth';
import type { Config } from '../../config';
import type { AppDb } from '../../db/database';
import { findProjectById, findProjectForUser } from '../../db/projects.repository';
import {
  checkShareToken,
  createShareLink,
  listShareLinks,
  revokeShareLinkOf,
  SHARE_COOKIE,
} from '../../services/preview-share-links';
import { addNoindexMeta, renderPreviewPage, type PreviewPageKind } from '../preview-pages';
import { requireSession } from '../require-session';
import { assertProjectId, UUID_PATTERN } from './projects.routes';

/**
 * The live preview of a rebuilt site: GET /preview/<projectId>/... serves its built dist/ with history
 * fallback, under `Content-Security-Policy: sandbox allow-scripts`: the page runs in an opaque origin,
 * so its scripts can neither read the app's cookies nor call the API as the user. Documents (HTML)
 * are owner-only (session cookie on the app origin, or a signed preview token that becomes a cookie
 * limited to /preview/<id>/ — how a separate PREVIEW_URL origin is entered). Assets are requested by
 * the opaque origin without cookies (module scripts in CORS mode): they are served to whoever has the
 * unguessable project id, with `Access-Control-Allow-Origin: *` on the preview's own files only.
 * A share link (`?share=<token>`, issue 22 item 3) lets anyone in until it expires or is revoked; it
 * becomes a path-limited cookie too, checked against the database on every document. Browsers that
 * may not see a document get a readable page (sign in, not available, link expired or revoked), and
 * every preview response says `X-Robots-Tag: noindex, nofollow`.
 */

/**
 * An asset's content type (mrmime, via the engine). Documents are owner-only and served by the .html
 * branch alone: another extension of one (.htm, .xhtml, ...) goes out as a download, as before.
 */
function assetContentType(file: string): string {
  const type = contentTypeOf(file) ?? 'application/octet-stream';
  return /^(?:text\/html|application\/xhtml\+xml)\b/.test(type) ? 'application/octet-stream' : type;
}

/** The preview's own policy (replaces the app's CSP on preview responses). */
export const PREVIEW_CSP = 'sandbox allow-scripts';
const TOKEN_COOKIE = 'sitelift_preview';
const TOKEN_LIFETIME_SECONDS = 3600;

function extensionOf(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot).toLowerCase();
}

/** Signs `projectId:userId:expires` with the app secret (a preview entry ticket). */
export function signPreviewToken(
  secret: string,
  projectId: string,
  userId: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  const expires = nowSeconds + TOKEN_LIFETIME_SECONDS;
  const payload = `${projectId}:${userId}:${expires}`;
  const signature = createHmac('sha256', `preview:${secret}`).update(payload).digest('base64url');
  return `${Buffer.from(`${userId}:${expires}`, 'utf8').toString('base64url')}.${signature}`;
}

/** The user id of a valid, unexpired token for `projectId`, or undefined. */
export function verifyPreviewToken(
  secret: string,
  projectId: string,
  token: string,
): string | undefined {
  const [head, signature] = token.split('.');
  if (!head || !signature) return undefined;
  const [userId, expires] = Buffer.from(head, 'base64url').toString('utf8').split(':');
  if (!userId || !expires || !/^\d+$/.test(expires)) return undefined;
  if (Number(expires) < Math.floor(Date.now() / 1000)) return undefined;
  const expected = createHmac('sha256', `preview:${secret}`)
    .update(`${projectId}:${userId}:${expires}`)
    .digest();
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A dist built for the site root refers to '/assets/...': point its root-relative src/href attributes
 * at the preview's base. A dist already built with the base (it mentions it) is left alone.
 */
export function rebaseHtml(html: string, base: string): string {
  if (html.includes(base)) return html;
  return html.replace(/(\s(?:src|href)=["'])\/(?!\/)/gi, `$1${base}`);
}

/** Registers the preview routes and, with PREVIEW_URL, keeps the two origins apart. */
export async function registerPreviewRoutes(
  app: FastifyInstance,
  options: { auth: Auth; db: AppDb; artifacts: ArtifactStore; config: Config; secret: string },
) {
  const { auth, db, artifacts, config, secret } = options;
  const previewHost = config.previewUrl ? new URL(config.previewUrl).host : undefined;
  const isPreviewHost = (request: FastifyRequest) =>
    previewHost !== undefined && request.host.toLowerCase() === previewHost.toLowerCase();
  const isHttps = (config.previewUrl ?? config.baseUrl).startsWith('https:');

  if (previewHost) {
    // The preview origin serves previews only; the app origin serves no previews.
    app.addHook('onRequest', async (request, reply) => {
      const isPreviewPath = request.url.startsWith('/preview/');
      if (isPreviewHost(request) !== isPreviewPath) {
        return reply
          .status(404)
          .type('application/json; charset=utf-8')
          .send({ error: { code: 'API_NOT_FOUND', message: 'Not found.' } });
      }
      return undefined;
    });
  }

  const signInUrl = `${config.baseUrl}/login`;
  const hasPreview = (project: { status: string; reportSummary: unknown } | null | undefined) =>
    project?.status === 'completed' &&
    (project.reportSummary as { preview?: boolean } | null)?.preview === true;

  /** The signed-in user on the app origin (the preview origin has no sessions), or undefined. */
  const sessionUserId = (request: FastifyRequest) =>
    previewHost
      ? Promise.resolve(undefined)
      : requireSession(auth, request).then(
          (session) => session.user.id,
          () => undefined,
        );

  /**
   * Whether the request may see the project's documents: its owner (entry-token cookie or session),
   * or a holder of a live share link (cookie). Otherwise the page to show instead.
   */
  const previewAccess = async (
    request: FastifyRequest,
    projectId: string,
  ): Promise<PreviewPageKind | 'allowed'> => {
    const cookieToken = request.cookies[TOKEN_COOKIE];
    const fromToken = cookieToken ? verifyPreviewToken(secret, projectId, cookieToken) : undefined;
    const userId = fromToken ?? (await sessionUserId(request));
    if (userId && hasPreview(await findProjectForUser(db, userId, projectId))) return 'allowed';
    const shareToken = request.cookies[SHARE_COOKIE];
    if (shareToken) {
      const state = await checkShareToken(db, projectId, shareToken);
      if (state.kind !== 'ok') return state.kind;
      return hasPreview(await findProjectById(db, projectId)) ? 'allowed' : 'unavailable';
    }
    return userId ? 'unavailable' : 'sign-in';
  };

  const sendPage = (reply: FastifyReply, kind: PreviewPageKind) => {
    const page = renderPreviewPage(kind, { signInUrl });
    return reply
      .status(page.status)
      .header('cache-control', 'no-store')
      .header('content-type', 'text/html; charset=utf-8')
      .send(page.html);
  };

  app.get('/api/projects/:id/preview', async (request, reply) => {
    const { id } = request.params as { id: string };
    const { user } = await requireSession(auth, request);
    assertProjectId(id);
    const project = await findProjectForUser(db, user.id, id);
    if (!project) throw new AppError('API_PROJECT_NOT_FOUND');
    if (project.status !== 'completed' || !project.reportSummary?.preview) {
      throw new AppError('API_PROJECT_NOT_COMPLETED');
    }
    const token = signPreviewToken(secret, id, user.id);
    const origin = config.previewUrl ?? '';
    return reply.redirect(`${origin}/preview/${id}/?preview_token=${encodeURIComponent(token)}`);
  });

  // Share links (issue 22 item 3): the owner makes, lists and revokes them.
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
  const authenticate = async (request: FastifyRequest) => {
    await requireSession(auth, request);
  };
  const projectParams = z.object({ id: z.uuid() });
  typed.post(
    '/api/projects/:id/share-links',
    {
      schema: {
        tags: ['projects'],
        summary:
          "A share link of the project's live preview (1, 7 or 30 days; the URL is shown once)",
        params: projectParams,
        body: createShareLinkBodySchema,
        response: { 201: shareLinkSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
      config: { malformedParams: 'API_PROJECT_NOT_FOUND' },
      preValidation: authenticate,
    },
    async (request, reply) => {
      const { user } = await requireSession(auth, request);
      const link = await createShareLink(db, {
        userId: user.id,
        projectId: request.params.id,
        days: request.body.expires_in_days,
        previewOrigin: config.previewUrl ?? config.baseUrl,
      });
      return reply.status(201).send(link);
    },
  );
  typed.get(
    '/api/projects/:id/share-links',
    {
      schema: {
        tags: ['projects'],
        summary: "The project's share links that still open its preview, newest first",
        params: projectParams,
        response: { 200: shareLinkListSchema, 401: errorSchema, 404: errorSchema },
      },
      config: { malformedParams: 'API_PROJECT_NOT_FOUND' },
      preValidation: authenticate,
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      return { items: await listShareLinks(db, user.id, request.params.id) };
    },
  );
  typed.delete(
    '/api/projects/:id/share-links/:linkId',
    {
      schema: {
        tags: ['projects'],
        summary: 'Revoke a share link: it stops opening the preview at once',
        params: z.object({ id: z.uuid(), linkId: z.uuid() }),
        response: { 204: z.null(), 401: errorSchema, 404: errorSchema },
      },
      config: { malformedParams: 'API_SHARE_LINK_NOT_FOUND' },
      preValidation: authenticate,
    },
    async (request, reply) => {
      const { user } = await requireSession(auth, request);
      await revokeShareLinkOf(db, user.id, request.params.id, request.params.linkId);
      return reply.status(204).send(null);
    },
  );

  const servePreview = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as { projectId: string; '*'?: string };
    const projectId = params.projectId;
    reply.header('content-security-policy', PREVIEW_CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-robots-tag', 'noindex, nofollow');
    if (!UUID_PATTERN.test(projectId)) return sendPage(reply, 'link-not-found');

    const query = request.query as { preview_token?: unknown; share?: unknown };
    const clean = request.url.split('?')[0] ?? `/preview/${projectId}/`;
    if (typeof query.preview_token === 'string') {
      // The entry ticket: keep it as a cookie limited to this preview, then drop it from the URL.
      const userId = verifyPreviewToken(secret, projectId, query.preview_token);
      if (!userId) return sendPage(reply, 'unavailable');
      reply.setCookie(TOKEN_COOKIE, query.preview_token, {
        path: `/preview/${projectId}/`,
        httpOnly: true,
        sameSite: 'lax',
        secure: isHttps,
        maxAge: TOKEN_LIFETIME_SECONDS,
      });
      return reply.redirect(clean);
    }
    if (typeof query.share === 'string') {
      // A share link: the same, for as long as the link lives (checked again on every document).
      const state = await checkShareToken(db, projectId, query.share);
      if (state.kind !== 'ok') return sendPage(reply, state.kind);
      if (!hasPreview(await findProjectById(db, projectId))) return sendPage(reply, 'unavailable');
      reply.setCookie(SHARE_COOKIE, query.share, {
        path: `/preview/${projectId}/`,
        httpOnly: true,
        sameSite: 'lax',
        secure: isHttps,
        maxAge: Math.max(1, Math.floor((state.link.expiresAt.getTime() - Date.now()) / 1000)),
      });
      return reply.redirect(clean);
    }

    const rest = params['*'] ?? '';
    const cleanPath = rest
      .split('/')
      .filter((segment) => segment !== '' && segment !== '.')
      .join('/');
    if (cleanPath.split('/').includes('..')) throw new AppError('API_NOT_FOUND');
    const extension = extensionOf(cleanPath);

    if (extension !== '' && extension !== '.html') {
      // An asset: no cookies arrive from the sandboxed (opaque-origin) page; the id is the capability.
      const opened = await artifacts.open(projectId, `${ARTIFACT_NAMES.distDir}/${cleanPath}`);
      if (!opened) throw new AppError('API_NOT_FOUND');
      return reply
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'private, max-age=300')
        .header('content-type', assetContentType(cleanPath))
        .header('content-length', opened.size)
        .send(opened.stream);
    }

    const access = await previewAccess(request, projectId);
    if (access !== 'allowed') return sendPage(reply, access);
    // A prerendered route has its own index.html; any other route gets the app shell (history fallback).
    const candidates =
      extension === '.html'
        ? [cleanPath]
        : [cleanPath === '' ? 'index.html' : `${cleanPath}/index.html`, 'index.html'];
    for (const candidate of candidates) {
      const opened = await artifacts.open(projectId, `${ARTIFACT_NAMES.distDir}/${candidate}`);
      if (opened) {
        const html = await streamToString(opened.stream);
        return reply
          .header('cache-control', 'private, no-cache')
          .header('content-type', 'text/html; charset=utf-8')
          .send(addNoindexMeta(rebaseHtml(html, `/preview/${projectId}/`)));
      }
    }
    return sendPage(reply, 'unavailable');
  };

  app.get('/preview/:projectId', async (request, reply) => {
    const { projectId } = request.params as { projectId: string };
    // With ignoreTrailingSlash, /preview/<id>/ may land here: that is the preview's start page.
    if ((request.url.split('?')[0] ?? '').endsWith('/')) return servePreview(request, reply);
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`/preview/${encodeURIComponent(projectId)}/${search}`);
  });
  app.get('/preview/:projectId/*', servePreview);
}
