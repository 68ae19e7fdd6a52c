import { createHmac } from 'node:crypto';
import { passkey } from '@better-auth/passkey';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
} from '@simplewebauthn/server';
import type { BetterAuthPlugin } from 'better-auth';
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
  sessionMiddleware,
} from 'better-auth/api';
import { expireCookie, setSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { deleteOtherSessions, findPasswordHash } from '../db/account.repository';
import type { AppDb } from '../db/database';
import { passkeys, users } from '../db/schema';
import { buildPasskeyChangedEmail } from '../mail/auth-emails';
import type { Mailer } from '../mail/mailer';

/** How long a passkey request (its challenge) stays valid: five minutes, as the plugin's own. */
export const PASSKEY_CHALLENGE_SECONDS = 300;

/** Where the challenge of a passkey confirming a pending sign-in is kept (verification table). */
export const secondFactorChallengeIdentifier = (twoFactorIdentifier: string) =>
  `2fa-passkey-${twoFactorIdentifier}`;

export interface PasskeyDeps {
  db: AppDb;
  mailer: Mailer;
  /** The WebAuthn relying party ID (the site's domain). */
  rpId: string;
  /** Origins a ceremony may come from: BASE_URL and the trusted origins. */
  origins: string[];
  /** Where the security e-mails link to. */
  securityUrl: string;
  /** Lifetime of "Trust this device" in seconds (as the two-factor plugin's). */
  trustDeviceMaxAge: number;
}

interface PasskeyRow {
  id: string;
  userId: string;
  credentialID: string;
  publicKey: string;
  counter: number;
  transports?: string | null;
}

function toTransports(
  value: string | null | undefined,
): AuthenticatorTransportFuture[] | undefined {
  if (!value) return undefined;
  return value.split(',').filter(Boolean) as AuthenticatorTransportFuture[];
}

/** Whether the account has a passkey (one that may confirm its two-factor sign-in). */
export async function accountHasPasskey(db: AppDb, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return rows.length > 0;
}

/** Notes that a passkey just signed in or confirmed a sign-in (shown as "Last used"). */
async function markUsed(db: AppDb, passkeyId: string): Promise<void> {
  await db.update(passkeys).set({ lastUsedAt: new Date() }).where(eq(passkeys.id, passkeyId));
}

/** The pending sign-in of a two-factor account: the two-factor plugin's signed cookie and row. */
async function readPendingSignIn(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]) {
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  const invalid = () =>
    new APIError('UNAUTHORIZED', {
      code: 'INVALID_TWO_FACTOR_COOKIE',
      message: 'Invalid two factor cookie',
    });
  if (!identifier) throw invalid();
  const record = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!record || new Date(record.expiresAt).getTime() <= Date.now()) throw invalid();
  return { identifier, userId: record.value, cookie, invalid };
}

/**
 * A passkey as the second step of a password sign-in (beside the authenticator app and backup codes):
 * options limited to the pending account's passkeys, then the same finish as the two-factor plugin's
 * (session, cookie, optional "Trust this device"). Also tells the sign-in answer that a passkey may
 * be used (`twoFactorMethods` gets "passkey").
 */
function passkeySecondFactor(deps: PasskeyDeps): BetterAuthPlugin {
  return {
    id: 'sitelift-passkey-second-factor',
    schema: {
      // Our column on the passkey plugin's table (merged into its model).
      passkey: { fields: { lastUsedAt: { type: 'date', required: false, input: false } } },
    },
    endpoints: {
      removePasskeyWithPassword: createAuthEndpoint(
        '/passkey/remove',
        {
          method: 'POST',
          body: z.object({ id: z.string(), password: z.string() }),
          use: [sessionMiddleware],
        },
        async (ctx) => {
          const { session, user } = ctx.context.session;
          const hash = await findPasswordHash(deps.db, user.id);
          const valid =
            hash !== null &&
            (await ctx.context.password.verify({ hash, password: ctx.body.password }));
          if (!valid) {
            throw new APIError('BAD_REQUEST', {
              code: 'INVALID_PASSWORD',
              message: 'Invalid password',
            });
          }
          // The account's own passkey only.
          const removed = await deps.db
            .delete(passkeys)
            .where(and(eq(passkeys.id, ctx.body.id), eq(passkeys.userId, user.id)))
            .returning({ name: passkeys.name });
          if (removed.length === 0) {
            throw new APIError('NOT_FOUND', {
              code: 'PASSKEY_NOT_FOUND',
              message: 'Passkey not found',
            });
          }
          // A security change: every other session ends and the address hears of it.
          await deleteOtherSessions(deps.db, user.id, session.id);
          deps.mailer.enqueue({
            to: user.email,
            ...buildPasskeyChangedEmail(deps.securityUrl, {
              added: false,
              name: removed[0]?.name || 'Passkey',
            }),
          });
          return ctx.json({ status: true });
        },
      ),
      generatePasskeySecondFactorOptions: createAuthEndpoint(
        '/two-factor/generate-passkey-options',
        { method: 'POST', body: z.object({}).optional() },
        async (ctx) => {
          const pending = await readPendingSignIn(ctx);
          const rows = await ctx.context.adapter.findMany<PasskeyRow>({
            model: 'passkey',
            where: [{ field: 'userId', value: pending.userId }],
          });
          if (rows.length === 0) {
            throw new APIError('BAD_REQUEST', {
              code: 'NO_PASSKEY',
              message: 'This account has no passkey.',
            });
          }
          const options = await generateAuthenticationOptions({
            rpID: deps.rpId,
            userVerification: 'preferred',
            timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
            allowCredentials: rows.map((row) => ({
              id: row.credentialID,
              transports: toTransports(row.transports),
            })),
          });
          const identifier = secondFactorChallengeIdentifier(pending.identifier);
          await ctx.context.internalAdapter.deleteVerificationByIdentifier(identifier);
          await ctx.context.internalAdapter.createVerificationValue({
            identifier,
            value: options.challenge,
            expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_SECONDS * 1000),
          });
          return ctx.json(options);
        },
      ),
      verifyPasskeySecondFactor: createAuthEndpoint(
        '/two-factor/verify-passkey',
        {
          method: 'POST',
          body: z.object({
            response: z.record(z.string(), z.unknown()),
            trustDevice: z.boolean().optional(),
          }),
        },
        async (ctx) => {
          const pending = await readPendingSignIn(ctx);
          // One challenge, one try: consumed (and refused once expired) before anything else.
          const challenge = await ctx.context.internalAdapter.consumeVerificationValue(
            secondFactorChallengeIdentifier(pending.identifier),
          );
          if (!challenge) {
            throw new APIError('BAD_REQUEST', {
              code: 'CHALLENGE_NOT_FOUND',
              message: 'The passkey request expired. Please try again.',
            });
          }
          const response = ctx.body.response as unknown as AuthenticationResponseJSON;
          const credentialId = typeof response.id === 'string' ? response.id : '';
          // Only a passkey of the account that is signing in counts.
          const row = credentialId
            ? await ctx.context.adapter.findOne<PasskeyRow>({
                model: 'passkey',
                where: [
                  { field: 'credentialID', value: credentialId },
                  { field: 'userId', value: pending.userId },
                ],
              })
            : null;
          const failed = () =>
            new APIError('UNAUTHORIZED', {
              code: 'AUTHENTICATION_FAILED',
              message: 'That passkey could not be verified.',
            });
          if (!row) throw failed();
          let newCounter: number;
          try {
            const verification = await verifyAuthenticationResponse({
              response,
              expectedChallenge: challenge.value,
              expectedOrigin: deps.origins,
              expectedRPID: deps.rpId,
              credential: {
                id: row.credentialID,
                publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64')),
                counter: row.counter,
                transports: toTransports(row.transports),
              },
              requireUserVerification: false,
            });
            if (!verification.verified) throw failed();
            newCounter = verification.authenticationInfo.newCounter;
          } catch (error) {
            if (error instanceof APIError) throw error;
            throw failed();
          }
          await ctx.context.adapter.update({
            model: 'passkey',
            where: [{ field: 'id', value: row.id }],
            update: { counter: newCounter },
          });
          await markUsed(deps.db, row.id);

          // The rest is the two-factor plugin's finish of a pending sign-in.
          const consumed = await ctx.context.internalAdapter.consumeVerificationValue(
            pending.identifier,
          );
          if (!consumed || consumed.value !== pending.userId) {
            expireCookie(ctx, pending.cookie);
            throw pending.invalid();
          }
          const user = await ctx.context.internalAdapter.findUserById(pending.userId);
          if (!user) throw pending.invalid();
          const dontRememberMe = await ctx.getSignedCookie(
            ctx.context.authCookies.dontRememberToken.name,
            ctx.context.secret,
          );
          const session = await ctx.context.internalAdapter.createSession(
            user.id,
            !!dontRememberMe,
          );
          await setSessionCookie(ctx, { session, user });
          expireCookie(ctx, pending.cookie);
          if (ctx.body.trustDevice) {
            const maxAge = deps.trustDeviceMaxAge;
            const trustCookie = ctx.context.createAuthCookie('trust_device', { maxAge });
            const trustIdentifier = `trust-device-${generateRandomString(32)}`;
            // HMAC-SHA-256 in base64url without padding, as the two-factor plugin checks it.
            const token = createHmac('sha256', ctx.context.secret)
              .update(`${user.id}!${trustIdentifier}`)
              .digest('base64url');
            await ctx.context.internalAdapter.createVerificationValue({
              value: user.id,
              identifier: trustIdentifier,
              expiresAt: new Date(Date.now() + maxAge * 1000),
            });
            await ctx.setSignedCookie(
              trustCookie.name,
              `${token}!${trustIdentifier}`,
              ctx.context.secret,
              trustCookie.attributes,
            );
            expireCookie(ctx, ctx.context.authCookies.dontRememberToken);
          }
          return ctx.json({ user: { id: user.id, email: user.email } });
        },
      ),
    },
    hooks: {
      after: [
        {
          // A password sign-in waiting for its second factor says a passkey may confirm it.
          matcher: (context) => context.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as
              { twoFactorRedirect?: unknown; twoFactorMethods?: unknown } | undefined;
            if (!returned || typeof returned !== 'object' || returned.twoFactorRedirect !== true)
              return;
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            if (typeof email !== 'string') return;
            const rows = await deps.db
              .select({ id: passkeys.id })
              .from(passkeys)
              .innerJoin(users, eq(users.id, passkeys.userId))
              .where(eq(users.email, email.trim().toLowerCase()))
              .limit(1);
            if (rows.length === 0) return;
            const methods = Array.isArray(returned.twoFactorMethods)
              ? (returned.twoFactorMethods as unknown[])
              : [];
            return ctx.json({ ...returned, twoFactorMethods: [...methods, 'passkey'] });
          }),
        },
        {
          // A passkey signed in: its "Last used".
          matcher: (context) => context.path === '/passkey/verify-authentication',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { user?: { id?: unknown } } | undefined;
            const userId = returned && typeof returned === 'object' ? returned.user?.id : undefined;
            const credentialId = (ctx.body as { response?: { id?: unknown } } | undefined)?.response
              ?.id;
            if (typeof userId !== 'string' || typeof credentialId !== 'string') return;
            await deps.db
              .update(passkeys)
              .set({ lastUsedAt: new Date() })
              .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialID, credentialId)));
          }),
        },
        {
          // Adding or removing a passkey is a security change: every other session ends and the
          // address hears of it (as for two-factor changes).
          matcher: (context) => context.path === '/passkey/verify-registration',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { id?: unknown; name?: unknown } | undefined;
            if (!returned || typeof returned !== 'object' || returned instanceof Error) return;
            if (typeof returned.id !== 'string') return;
            const session = await getSessionFromCtx(ctx);
            if (!session) return;
            await deleteOtherSessions(deps.db, session.user.id, session.session.id);
            const name =
              typeof returned.name === 'string' && returned.name ? returned.name : 'Passkey';
            deps.mailer.enqueue({
              to: session.user.email,
              ...buildPasskeyChangedEmail(deps.securityUrl, { added: true, name }),
            });
          }),
        },
      ],
    },
  };
}

/**
 * Passkeys (issue 28): Better Auth's passkey plugin (add, list, rename, remove, sign in) bound to our
 * relying party, plus a passkey as the second factor of a password sign-in, the password check on
 * removal, "Last used", and the security notices.
 */
export function passkeyPlugins(deps: PasskeyDeps): BetterAuthPlugin[] {
  return [
    passkey({
      rpID: deps.rpId,
      rpName: 'Sitelift',
      origin: deps.origins,
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    }) as BetterAuthPlugin,
    passkeySecondFactor(deps),
  ];
}
