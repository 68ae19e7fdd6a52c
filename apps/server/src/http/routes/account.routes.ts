import { AppError } from '@sitelift/shared/error-codes';
import {
  accountSecuritySchema,
  accountSessionListSchema,
  dataExportStateSchema,
  deleteAccountBodySchema,
  type DataExport,
} from '@sitelift/shared/schemas/account';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import { deleteAccount } from '../../account/delete-account';
import { describeDevice } from '../../account/devices';
import { EXPORT_ARCHIVE_NAME } from '../../account/export-account';
import type { ArtifactStore } from '../../artifacts/artifact-store';
import type { Auth } from '../../auth/build-auth';
import type { BillingProvider } from '../../billing/billing-provider';
import type { Config } from '../../config';
import {
  deleteOtherSessions,
  deleteUserSession,
  findDataExportForUser,
  findLatestDataExport,
  findPasswordHash,
  insertDataExport,
  listLiveSessions,
  type DataExportRow,
} from '../../db/account.repository';
import type { AppDb } from '../../db/database';
import type { JobQueue } from '../../jobs/queue';
import { buildAccountDeletedEmail } from '../../mail/auth-emails';
import type { Mailer } from '../../mail/mailer';
import type { ProjectServiceDeps } from '../../services/projects.service';
import { toClientGroup } from '../client-group';
import { requireSession, sessionCacheOf, type SignedIn } from '../require-session';

const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** What the account routes need. */
export interface AccountRouteDeps {
  auth: Auth;
  db: AppDb;
  config: Config;
  artifacts: ArtifactStore;
  queue: JobQueue;
  provider: BillingProvider;
  mailer: Mailer;
  logger: Logger;
  projects: ProjectServiceDeps;
}

function toExportJson(row: DataExportRow): DataExport {
  return {
    id: row.id,
    status: row.status as DataExport['status'],
    size_bytes: row.sizeBytes,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

/** Better Auth's answer to a wrong code or password is an APIError with a status. */
function isRefusal(error: unknown): boolean {
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * Checks the password and, when two-factor sign-in is on, a code from the authenticator app or a
 * backup code (which is used up), through Better Auth's own endpoints.
 */
async function confirmIdentity(
  deps: AccountRouteDeps,
  request: FastifyRequest,
  signedIn: SignedIn,
  input: { password: string; code?: string },
): Promise<void> {
  const headers = fromNodeHeaders(request.headers);
  if (!(await findPasswordHash(deps.db, signedIn.user.id))) {
    throw new AppError('API_ACCOUNT_PASSWORD_INCORRECT');
  }
  try {
    await deps.auth.api.verifyPassword({ body: { password: input.password }, headers });
  } catch (error) {
    if (isRefusal(error)) throw new AppError('API_ACCOUNT_PASSWORD_INCORRECT', { cause: error });
    throw error;
  }
  if (!(signedIn.user as { twoFactorEnabled?: boolean }).twoFactorEnabled) return;
  const code = input.code?.replace(/\s+/g, '') ?? '';
  if (code === '') throw new AppError('API_ACCOUNT_CODE_REQUIRED');
  try {
    if (/^\d{6}$/.test(code)) {
      await deps.auth.api.verifyTOTP({ body: { code }, headers });
    } else {
      await deps.auth.api.verifyBackupCode({ body: { code }, headers });
    }
  } catch (error) {
    if (isRefusal(error)) throw new AppError('API_ACCOUNT_CODE_INVALID', { cause: error });
    throw error;
  }
}

/**
 * /api/account/*: the Security section (two-factor state, signed-in devices) and leaving (export,
 * delete). Every query is scoped to the signed-in user.
 */
export async function registerAccountRoutes(app: FastifyInstance, deps: AccountRouteDeps) {
  const { auth, db, config } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = {
    preValidation: async (request: FastifyRequest) => {
      await requireSession(auth, request);
    },
  };
  // Password (and code) checks and session changes: the auth routes' budget, per client network.
  const sensitiveLimit = {
    rateLimit: {
      max: config.authRateLimit.max,
      timeWindow: config.authRateLimit.windowMs,
      keyGenerator: (request: FastifyRequest) =>
        `account|${toClientGroup(request.ip)}|${request.routeOptions.url ?? ''}`,
    },
  };
  const clearSessions = async (request: FastifyRequest) => {
    await sessionCacheOf(auth)
      ?.clear()
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'could not tell other processes to clear sessions');
      });
  };

  typed.get(
    '/api/account/security',
    {
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'Two-factor sign-in state and backup codes left',
        response: { 200: accountSecuritySchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      const enabled = (user as { twoFactorEnabled?: boolean }).twoFactorEnabled === true;
      let left = 0;
      if (enabled) {
        const codes = await auth.api
          .viewBackupCodes({ body: { userId: user.id } })
          .catch(() => ({ backupCodes: [] as string[] }));
        left = codes.backupCodes.length;
      }
      return {
        two_factor_enabled: enabled,
        backup_codes_left: left,
        has_password: (await findPasswordHash(db, user.id)) !== null,
      };
    },
  );

  typed.get(
    '/api/account/sessions',
    {
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'The devices signed in to the account',
        response: { 200: accountSessionListSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { user, session } = await requireSession(auth, request);
      const rows = await listLiveSessions(db, user.id);
      const items = rows.map((row) => {
        const device = describeDevice(row.userAgent);
        return {
          id: row.id,
          current: row.id === session.id,
          browser: device.browser,
          os: device.os,
          device_type: device.kind,
          ip_address: row.ipAddress,
          created_at: row.createdAt.toISOString(),
          last_active_at: row.lastActiveAt.toISOString(),
        };
      });
      // This browser first, then the most recently active.
      items.sort((a, b) => Number(b.current) - Number(a.current));
      return { items };
    },
  );

  typed.delete(
    '/api/account/sessions/:id',
    {
      ...signedIn,
      config: sensitiveLimit,
      schema: {
        tags: ['account'],
        summary: 'Signs one device out',
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 204: z.null(), 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(auth, request);
      const deleted = await deleteUserSession(db, user.id, request.params.id);
      if (!deleted) throw new AppError('API_ACCOUNT_SESSION_NOT_FOUND');
      await clearSessions(request);
      return reply.status(204).send(null);
    },
  );

  typed.post(
    '/api/account/sessions/revoke-others',
    {
      ...signedIn,
      config: sensitiveLimit,
      schema: {
        tags: ['account'],
        summary: 'Signs every other device out',
        body: z.strictObject({}).optional(),
        response: { 200: z.object({ revoked: z.number().int() }), 401: errorSchema },
      },
    },
    async (request) => {
      const { user, session } = await requireSession(auth, request);
      const revoked = await deleteOtherSessions(db, user.id, session.id);
      await clearSessions(request);
      return { revoked };
    },
  );

  typed.get(
    '/api/account/export',
    {
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'The newest data export and its state',
        response: { 200: dataExportStateSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      const row = await findLatestDataExport(db, user.id);
      const live = row && !(row.expiresAt && row.expiresAt.getTime() <= Date.now());
      return { export: live ? toExportJson(row) : null };
    },
  );

  typed.post(
    '/api/account/export',
    {
      ...signedIn,
      config: sensitiveLimit,
      schema: {
        tags: ['account'],
        summary: 'Starts preparing a data export (e-mailed when ready)',
        body: z.strictObject({}).optional(),
        response: { 202: dataExportStateSchema, 401: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(auth, request);
      const latest = await findLatestDataExport(db, user.id);
      if (latest?.status === 'pending') throw new AppError('API_EXPORT_IN_PROGRESS');
      const row = await insertDataExport(db, user.id);
      await deps.queue.enqueueExport({ exportId: row.id });
      return reply.status(202).send({ export: toExportJson(row) });
    },
  );

  typed.get(
    '/api/account/export/:id/download',
    {
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'Downloads a prepared data export (zip)',
        params: z.object({ id: z.uuid() }),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(auth, request);
      const row = await findDataExportForUser(db, user.id, request.params.id);
      const expired = row?.expiresAt ? row.expiresAt.getTime() <= Date.now() : false;
      if (!row || row.status !== 'ready' || expired) throw new AppError('API_EXPORT_NOT_FOUND');
      const opened = await deps.artifacts.open(row.id, EXPORT_ARCHIVE_NAME);
      if (!opened) throw new AppError('API_EXPORT_NOT_FOUND');
      const day = row.createdAt.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', opened.size)
        .header('content-disposition', `attachment; filename="sitelift-export-${day}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(opened.stream);
    },
  );

  typed.post(
    '/api/account/delete',
    {
      ...signedIn,
      config: sensitiveLimit,
      schema: {
        tags: ['account'],
        summary: 'Deletes the account and everything it owns (password and, with 2FA, a code)',
        body: deleteAccountBodySchema,
        response: {
          200: z.object({ deleted: z.literal(true) }),
          401: errorSchema,
          403: errorSchema,
          502: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const signed = await requireSession(auth, request);
      await confirmIdentity(deps, request, signed, request.body);
      await deleteAccount(
        {
          db,
          artifacts: deps.artifacts,
          provider: deps.provider,
          logger: deps.logger,
          projects: deps.projects,
        },
        signed.user.id,
      );
      await clearSessions(request);
      deps.mailer.enqueue({ to: signed.user.email, ...buildAccountDeletedEmail(config.baseUrl) });
      // The session cookie names a session that no longer exists: the browser forgets it.
      const context = await auth.$context;
      for (const cookie of [context.authCookies.sessionToken, context.authCookies.sessionData]) {
        reply.clearCookie(cookie.name, { path: '/' });
      }
      return { deleted: true as const };
    },
  );
}
