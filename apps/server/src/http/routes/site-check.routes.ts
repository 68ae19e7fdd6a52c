import { checkSite } from '@sitelift/engine';
import { AppError, isAppError } from '@sitelift/shared/error-codes';
import { siteCheckBodySchema, siteCheckSchema } from '@sitelift/shared/schemas/site-check';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../auth/build-auth';
import type { AppDb } from '../../db/database';
import { pageLimitForUser } from '../../services/page-limit';
import { requireSession } from '../require-session';

const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** Checks per user and minute: each one reads a remote page. */
const CHECKS_PER_MINUTE = 20;

/**
 * POST /api/site-check `{ source_url }`: the quick look at a site before a credit is spent (issue 15
 * item 2). Signed-in users only (it reads a remote page on their behalf), through the same SSRF guard
 * as a job. A site that cannot be read answers 422 with the catalogue's plain message; what went wrong
 * technically is not the user's concern here.
 */
export async function registerSiteCheckRoutes(
  app: FastifyInstance,
  options: { auth: Auth; allowPrivateUrls: boolean; db: AppDb; maxPages: number | undefined },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/site-check',
    {
      schema: {
        tags: ['projects'],
        summary:
          'A quick check of a site before creating a project: reachable, robots, pages, warnings',
        body: siteCheckBodySchema,
        response: { 200: siteCheckSchema, 401: errorSchema, 422: errorSchema, 429: errorSchema },
      },
      config: {
        rateLimit: {
          max: CHECKS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => `site-check|${request.ip}`,
        },
      },
      preValidation: async (request) => {
        await requireSession(options.auth, request);
      },
    },
    async (request) => {
      const { user } = await requireSession(options.auth, request);
      const pageLimit = await pageLimitForUser(options.db, user.id, options.maxPages);
      try {
        const check = await checkSite(request.body.source_url, {
          allowPrivateUrls: options.allowPrivateUrls,
        });
        return {
          url: check.url,
          final_url: check.finalUrl,
          title: check.title,
          robots_allowed: check.robotsAllowed,
          estimated_pages: check.estimatedPages,
          pages_capped: check.pagesCapped,
          pages_found: check.pagesFound,
          paths: check.paths,
          robots_excluded: check.robotsExcluded,
          page_limit: pageLimit,
          needs_javascript: check.needsJavaScript,
          warnings: check.warnings,
        };
      } catch (error) {
        request.log.info({ err: error }, 'site check failed');
        if (isAppError(error)) throw new AppError(error.code);
        throw new AppError('ENGINE_FETCH_CONNECTION_FAILED');
      }
    },
  );
}
