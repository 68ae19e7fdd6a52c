import { createHmac, timingSafeEqual } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Logger } from 'pino';
import type { GithubConfig } from '../config';
import { describeDevice, deviceKey, formatDevice } from '../account/devices';
import { deleteOtherSessions, isTwoFactorEnabled, rememberDevice } from '../db/account.repository';
import { grantSignupCredit } from '../db/credits.repository';
import type { AppDb } from '../db/database';
import { accounts, passkeys, sessions, twoFactors, users, verifications } from '../db/schema';
import {
  buildConfirmNewEmail,
  buildEmailChangedEmail,
  buildExistingAccountEmail,
  buildPasswordChangedEmail,
  buildNewSignInEmail,
  buildResetPasswordEmail,
  buildTwoFactorChangedEmail,
  buildVerifyEmail,
} from '../mail/auth-emails';
import type { Mailer } from '../mail/mailer';
import { accountHasPasskey, passkeyPlugins } from './passkeys';
import { eq } from 'drizzle-orm';
import { githubSignInPlugin, socialTwoFactorPlugin } from './github-sign-in';

/** Shortest password the server accepts anywhere (sign-in, change and reset); sign-up is stricter. */
export const MIN_PASSWORD_LENGTH = 6;
/** Longest password accepted (bounds the hashing work). */
export const MAX_PASSWORD_LENGTH = 128;

/** How long "Trust this device" skips the code at sign-in. */
export const TRUST_DEVICE_DAYS = 30;
/** Backup codes made at a time (each works once). */
export const BACKUP_CODE_COUNT = 10;

/** What Better Auth needs from the rest of the server. */
export interface AuthDeps {
  db: AppDb;
  mailer: Mailer;
  logger: Logger;
  baseUrl: string;
  secret: string;
  trustedOrigins: string[];
  /** WebAuthn relying party ID of passkeys (default: the host name of baseUrl). */
  passkeyRpId?: string;
  /** Lifetime of password-reset links in seconds (default one hour). */
  resetPasswordTokenExpiresIn?: number;
  /** Lifetime of verification links in seconds (default one hour). */
  verificationTokenExpiresIn?: number;
  /** The GitHub App (GITHUB_*): when set, "Continue with GitHub" signs in through its OAuth. */
  github?: GithubConfig;
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

/** Where the e-mails about the account's security send the user (the Security section). */
export const SECURITY_SETTINGS_PATH = '/profile/edit#security';

/** Better Auth routes that turn two-factor sign-in on (the first accepted code) or off. */
const TWO_FACTOR_CHANGE_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/disable']);

/** Sign-ins whose session waits for the second factor when the account has one (no device mail yet). */
const FIRST_FACTOR_SIGN_IN_PATHS = new Set(['/sign-in/email', '/callback/:id']);

/** Token columns of an OAuth account: sign-in needs none of them later, so none is kept. */
const OAUTH_TOKEN_FIELDS = [
  'accessToken',
  'refreshToken',
  'idToken',
  'accessTokenExpiresAt',
  'refreshTokenExpiresAt',
] as const;

function withoutOauthTokens<T extends Record<string, unknown>>(account: T): T {
  const copy: Record<string, unknown> = { ...account };
  for (const field of OAUTH_TOKEN_FIELDS) if (field in copy) copy[field] = null;
  return copy as T;
}

/**
 * Builds Better Auth: e-mail and password, verification e-mails (auto sign-in after verification),
 * password reset, change e-mail (confirmed from the new address) and change password. Rate limiting and
 * request-body rules live in the HTTP layer (http/routes/auth.routes.ts).
 */
export function buildAuth(deps: AuthDeps) {
  const { mailer, logger } = deps;
  const authLogger = logger.child({ module: 'better-auth' });
  const signInUrl = `${deps.baseUrl}/login`;
  const securityUrl = `${deps.baseUrl}${SECURITY_SETTINGS_PATH}`;
  // Authenticator app (TOTP, 6 digits, 30 s) and ten backup codes, enforced at sign-in; a trusted
  // device skips the code for 30 days. Turning it on or off needs the password.
  const twoFactorPlugin = twoFactor({
    issuer: 'Sitelift',
    trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 3600,
    backupCodeOptions: { amount: BACKUP_CODE_COUNT, storeBackupCodes: 'encrypted' },
  });
  return betterAuth({
    appName: 'Sitelift',
    baseURL: deps.baseUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    trustedOrigins: deps.trustedOrigins,
    database: drizzleAdapter(deps.db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        passkey: passkeys,
      },
    }),
    plugins: [
      twoFactorPlugin,
      // Sign in with GitHub (issue 28 item 3): only with the GitHub App configured; the second factor
      // applies to it as to a password sign-in.
      ...(deps.github
        ? [
            githubSignInPlugin(deps.github),
            socialTwoFactorPlugin(twoFactorPlugin, deps.baseUrl, (userId) =>
              accountHasPasskey(deps.db, userId),
            ),
          ]
        : []),
      // Passkeys: a sign-in method and a second factor (auth/passkeys.ts).
      ...passkeyPlugins({
        db: deps.db,
        mailer,
        rpId: deps.passkeyRpId ?? new URL(deps.baseUrl).hostname,
        origins: [deps.baseUrl, ...deps.trustedOrigins],
        securityUrl,
        trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 3600,
      }),
    ],
    // OAuth errors (refused on GitHub, forged state) land on the sign-in screen, which says what failed.
    onAPIError: { errorURL: signInUrl },
    account: {
      // An address that already has an account is never linked silently: the callback answers
      // account_not_linked and the owner links GitHub after signing in (link-social).
      accountLinking: { enabled: true, disableImplicitLinking: true },
      encryptOAuthTokens: true,
    },
    telemetry: { enabled: false },
    databaseHooks: {
      account: {
        // GitHub's tokens are not needed after the sign-in: they are never stored.
        create: { before: async (account) => ({ data: withoutOauthTokens(account) }) },
        update: { before: async (account) => ({ data: withoutOauthTokens(account) }) },
      },
      user: {
        create: {
          // Every new account gets its free credit (ledger key signup:<userId>, booked once).
          after: async (user) => {
            await grantSignupCredit(deps.db, user.id);
          },
        },
        update: {
          after: async (user, context) => {
            // Two-factor sign-in turned on or off: every session ends (Better Auth then gives the
            // browser that made the change a new one), and the address hears of it.
            if (context?.path && TWO_FACTOR_CHANGE_PATHS.has(context.path)) {
              const enabled = (user as { twoFactorEnabled?: unknown }).twoFactorEnabled === true;
              await deleteOtherSessions(deps.db, user.id);
              mailer.enqueue({
                to: user.email,
                ...buildTwoFactorChangedEmail(securityUrl, enabled),
              });
              return;
            }
            // A confirmed e-mail change: the old address hears of it (it can no longer sign in).
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
      session: {
        create: {
          // A sign-in from a device the account has not used before is announced by e-mail. While a
          // second factor is pending (sign-in/email of a 2FA account) the device waits for the code.
          after: async (session, context) => {
            if (
              context?.path &&
              FIRST_FACTOR_SIGN_IN_PATHS.has(context.path) &&
              (await isTwoFactorEnabled(deps.db, session.userId))
            )
              return;
            const { userAgent = null, ipAddress = null } = session as {
              userAgent?: string | null;
              ipAddress?: string | null;
            };
            const { isNew, hadDevices } = await rememberDevice(
              deps.db,
              session.userId,
              deviceKey(userAgent, ipAddress),
            );
            if (!isNew || !hadDevices) return;
            const rows = await deps.db
              .select({ email: users.email })
              .from(users)
              .where(eq(users.id, session.userId))
              .limit(1);
            const email = rows[0]?.email;
            if (!email) return;
            mailer.enqueue({
              to: email,
              ...buildNewSignInEmail(securityUrl, {
                device: formatDevice(describeDevice(userAgent)),
                ipAddress,
                at: new Date(),
              }),
            });
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
