import { createHmac, timingSafeEqual } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Logger } from 'pino';
import { grantSignupCredit } from '../db/credits.repository';
import type { AppDb } from '../db/database';
import { accounts, sessions, users, verifications } from '../db/schema';
import {
  buildConfirmNewEmail,
  buildEmailChangedEmail,
  buildExistingAccountEmail,
  buildPasswordChangedEmail,
  buildResetPasswordEmail,
  buildVerifyEmail,
} from '../mail/auth-emails';
import type { Mailer } from '../mail/mailer';
import { eq } from 'drizzle-orm';

/** Shortest password the server accepts anywhere (sign-in, change and reset); sign-up is stricter. */
export const MIN_PASSWORD_LENGTH = 6;
/** Longest password accepted (bounds the hashing work). */
export const MAX_PASSWORD_LENGTH = 128;

/** What Better Auth needs from the rest of the server. */
export interface AuthDeps {
  db: AppDb;
  mailer: Mailer;
  logger: Logger;
  baseUrl: string;
  secret: string;
  trustedOrigins: string[];
  /** Lifetime of password-reset links in seconds (default one hour). */
  resetPasswordTokenExpiresIn?: number;
  /** Lifetime of verification links in seconds (default one hour). */
  verificationTokenExpiresIn?: number;
}

/** What Better Auth puts in a verification JWT: the address, the new one of a change, the kind. */
interface VerificationPayload {
  email?: string;
  updateTo?: string;
  requestType?: string;
}

/**
 * Reads a verification JWT's payload without checking it: only to pick which mail to send, or (after
 * Better Auth has verified it and changed the address) whom to notify.
 */
function readVerificationPayload(token: unknown): VerificationPayload {
  const payload = typeof token === 'string' ? token.split('.')[1] : undefined;
  if (!payload) return {};
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    return {
      email: text(parsed.email),
      updateTo: text(parsed.updateTo),
      requestType: text(parsed.requestType),
    };
  } catch {
    return {};
  }
}

/**
 * The address of a sign-up verification link signed with `secret` (HS256, as Better Auth signs them),
 * expired or not; undefined for a forged link or an e-mail change. Only a link we sent can say that
 * its address is already verified.
 */
function signedVerificationEmail(token: unknown, secret: string): string | undefined {
  if (typeof token !== 'string') return undefined;
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return undefined;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const parsed = readVerificationPayload(token);
  return parsed.updateTo || parsed.requestType ? undefined : parsed.email;
}

/** Where a re-used verification link of an already verified address lands (issue 22 item 6). */
export const ALREADY_VERIFIED_CALLBACK = '/auth/callback?verified=already';

/**
 * Builds Better Auth: e-mail and password, verification e-mails (auto sign-in after verification),
 * password reset, change e-mail (confirmed from the new address) and change password. Rate limiting and
 * request-body rules live in the HTTP layer (http/routes/auth.routes.ts).
 */
export function buildAuth(deps: AuthDeps) {
  const { mailer, logger } = deps;
  const authLogger = logger.child({ module: 'better-auth' });
  const signInUrl = `${deps.baseUrl}/login`;
  return betterAuth({
    appName: 'Sitelift',
    baseURL: deps.baseUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    trustedOrigins: deps.trustedOrigins,
    database: drizzleAdapter(deps.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    telemetry: { enabled: false },
    databaseHooks: {
      user: {
        create: {
          // Every new account gets its free credit (ledger key signup:<userId>, booked once).
          after: async (user) => {
            await grantSignupCredit(deps.db, user.id);
          },
        },
        update: {
          // A confirmed e-mail change: the old address hears of it (it can no longer sign in).
          after: async (user, context) => {
            if (context?.path !== '/verify-email') return;
            const payload = readVerificationPayload(context.query?.token);
            if (
              payload.requestType === 'change-email-verification' &&
              payload.email &&
              payload.updateTo === user.email.toLowerCase()
            ) {
              mailer.enqueue({
                to: payload.email,
                ...buildEmailChangedEmail(signInUrl, user.email),
              });
            }
          },
        },
      },
    },
    hooks: {
      // A verification link opened again (even after it expired) for an address that is verified
      // already says so, instead of Better Auth's expired-token error or a silent sign-in page.
      before: createAuthMiddleware(async (context) => {
        if (context.path !== '/verify-email') return;
        const email = signedVerificationEmail(context.query?.token, deps.secret);
        if (!email) return;
        const rows = await deps.db
          .select({ emailVerified: users.emailVerified })
          .from(users)
          .where(eq(users.email, email.toLowerCase()))
          .limit(1);
        if (rows[0]?.emailVerified) throw context.redirect(ALREADY_VERIFIED_CALLBACK);
      }),
      // A changed password is announced to the account's address (a reset is, in onPasswordReset).
      after: createAuthMiddleware(async (context) => {
        if (context.path !== '/change-password') return;
        const returned = context.context.returned as { user?: { email?: unknown } } | undefined;
        const email = returned?.user?.email;
        if (typeof email === 'string') {
          mailer.enqueue({ to: email, ...buildPasswordChangedEmail(signInUrl) });
        }
      }),
    },
    // Our own per-route limits run in Fastify (one place, configurable, the API's error shape).
    rateLimit: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const context = args.length > 0 ? { details: args } : {};
        if (level === 'error') authLogger.error(context, message);
        else if (level === 'warn') authLogger.warn(context, message);
        else if (level === 'debug') authLogger.debug(context, message);
        else authLogger.info(context, message);
      },
    },
    advanced: {
      cookiePrefix: 'sitelift',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // The HTTP adapter sets x-forwarded-for to Fastify's request.ip (which honours TRUST_PROXY).
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    user: {
      changeEmail: { enabled: true },
      additionalFields: {
        fullName: { type: 'string', required: false, input: false },
        companyName: { type: 'string', required: false, input: false },
        avatarUrl: { type: 'string', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: false,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: deps.resetPasswordTokenExpiresIn ?? 3600,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        mailer.enqueue({ to: user.email, ...buildResetPasswordEmail(url) });
      },
      onPasswordReset: async ({ user }) => {
        mailer.enqueue({ to: user.email, ...buildPasswordChangedEmail(signInUrl) });
      },
      // Registering a taken address answers as for a new one (autoSignIn is off, so Better Auth
      // returns its generic response); only the address's owner is told, by mail.
      onExistingUserSignUp: async ({ user }) => {
        mailer.enqueue({ to: user.email, ...buildExistingAccountEmail(signInUrl) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: deps.verificationTokenExpiresIn ?? 3600,
      sendVerificationEmail: async ({ user, url, token }) => {
        // Change-email links go to the new address (user.email is already the new one here).
        const content =
          readVerificationPayload(token).requestType === 'change-email-verification'
            ? buildConfirmNewEmail(url, user.email)
            : buildVerifyEmail(url);
        mailer.enqueue({ to: user.email, ...content });
      },
    },
  });
}

/** The Better Auth instance the server uses. */
export type Auth = ReturnType<typeof buildAuth>;
