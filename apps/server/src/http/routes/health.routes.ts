import { timingSafeEqual } from 'node:crypto';
import { findBrowser } from '@sitelift/engine';
import { healthSchema, type Health, type HealthDetails } from '@sitelift/shared/schemas/health';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AiModelSettings } from '../../config';
import type { Database } from '../../db/database';

/** What the health report reads besides the database. */
export interface HealthOptions {
  database: Database;
  chromePath: string | undefined;
  /** HEALTH_TOKEN: a request that sends it as a Bearer token sees the details from anywhere. */
  healthToken: string | undefined;
  /** The operator's default model (AI_*): its provider and model are public, its key never. */
  ai: AiModelSettings | undefined;
}

/** Headers a proxy adds: a request that carries one came from elsewhere, whatever its socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Operators see the details: a request from this machine that no proxy forwarded (the socket's own
 * address, not the client address TRUST_PROXY may derive), or one with `Authorization: Bearer
 * <HEALTH_TOKEN>`.
 */
export function isOperatorRequest(
  request: FastifyRequest,
  healthToken: string | undefined,
): boolean {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (healthToken && bearer && sameSecret(bearer, healthToken)) return true;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopback(request.socket.remoteAddress);
}

/**
 * GET /api/health (DESIGN.md §4): status, database kind, whether a browser is there and the AI mode for
 * everyone; 'degraded' (HTTP 503) when the database cannot be reached or written or realtime is
 * reconnecting. The browser's name, path and sandbox, the realtime and storage states and the
 * warnings only for operators (isOperatorRequest). The browser is the one this process would use
 * (CHROME_PATH, an installed one, or the npm-shipped one), found on the first request and remembered.
 */
export async function registerHealthRoutes(app: FastifyInstance, options: HealthOptions) {
  const { database } = options;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and capabilities (details for operators only)',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply): Promise<Health> => {
      const [{ browser, warnings }, reachable, storage] = await Promise.all([
        findBrowser({ chromePath: options.chromePath }),
        database.ping(),
        database.store.check(),
      ]);
      const listener = database.listenerHealth();
      const healthy = reachable && storage.writable && listener.state !== 'reconnecting';
      const details: HealthDetails = {
        browser_name: browser?.name ?? null,
        browser_path: browser?.path ?? null,
        browser_source: browser?.source ?? null,
        browser_sandbox: browser?.sandbox ?? null,
        database_reachable: reachable,
        realtime: {
          state: listener.state,
          since: listener.since?.toISOString() ?? null,
          attempts: listener.attempts,
        },
        storage: { writable: storage.writable, error: storage.error },
        warnings,
      };
      reply.code(healthy ? 200 : 503);
      return {
        status: healthy ? 'ok' : 'degraded',
        database: database.kind,
        browser: browser !== undefined,
        ai: options.ai?.provider ?? 'offline',
        ...(options.ai ? { ai_model: options.ai.model } : {}),
        ...(isOperatorRequest(request, options.healthToken) ? { details } : {}),
      };
    },
  );
}
