import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '../auth/build-auth';

/** Longest e-mail address accepted (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** Shortest password accepted at registration (spec §5 Registration). */
export const REGISTRATION_MIN_PASSWORD_LENGTH = 8;

const email = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(EMAIL_MAX_LENGTH, { message: `${label} must be at most ${EMAIL_MAX_LENGTH} characters` })
    .pipe(z.email({ message: 'Please enter a valid email address' }));

const password = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, { message: `${label} is required` })
    .max(MAX_PASSWORD_LENGTH, {
      message: `${label} must be at most ${MAX_PASSWORD_LENGTH} characters`,
    });

const callbackUrl = z
  .string()
  .max(2048, { message: 'callbackURL must be at most 2048 characters' });

/** A code from an authenticator app: six digits (spaces people type between groups are dropped). */
const totpCode = z
  .string({ error: 'Code is required' })
  .max(32, { message: 'Enter the 6-digit code from your authenticator app' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z.string().regex(/^\d{6}$/, { message: 'Enter the 6-digit code from your authenticator app' }),
  );

/** A backup code as shown (`abcde-12345`); surrounding spaces are dropped. */
const backupCode = z
  .string({ error: 'Backup code is required' })
  .trim()
  .min(1, { message: 'Backup code is required' })
  .max(32, { message: 'Enter one of your backup codes' });

/**
 * The two-factor routes the product uses. Everything else under /two-factor/ (e-mail OTP, which is not
 * configured; viewing codes again) is refused before Better Auth sees it.
 */
export const TWO_FACTOR_PATHS = [
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  // A passkey as the second factor (auth/passkeys.ts).
  '/two-factor/generate-passkey-options',
  '/two-factor/verify-passkey',
];

/**
 * Better Auth routes that are not reachable: the passkey plugin's removal without the password (the
 * product's /passkey/remove asks for it).
 */
export const UNREACHABLE_AUTH_PATHS = new Set(['/passkey/delete-passkey']);

/** Longest passkey name. */
export const PASSKEY_NAME_MAX_LENGTH = 60;

const passkeyName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, { message: 'Name is required' })
  .max(PASSKEY_NAME_MAX_LENGTH, {
    message: `Name must be at most ${PASSKEY_NAME_MAX_LENGTH} characters`,
  });

const passkeyId = z.string({ error: 'Passkey is required' }).min(1).max(128);

/**
 * What the browser's WebAuthn call answered (registration or assertion, as @simplewebauthn/browser
 * encodes it): the known members checked, the authenticator's data bounded in size.
 */
const webAuthnResponse = z
  .looseObject({
    id: z.string().min(1).max(1400),
    rawId: z.string().min(1).max(1400),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
    authenticatorAttachment: z.string().max(32).optional(),
  })
  .refine((value) => JSON.stringify(value).length <= 32_000, {
    message: 'The passkey answer is too large',
  });

/** The registration password rule of spec §5, also enforced by the server. */
export const registrationPasswordSchema = password('Password')
  .refine((value) => value.length >= REGISTRATION_MIN_PASSWORD_LENGTH, {
    message: `Password must be at least ${REGISTRATION_MIN_PASSWORD_LENGTH} characters`,
    abort: true,
  })
  .refine((value) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value), {
    message:
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  });

/**
 * Strict bodies of the Better Auth routes the product uses, keyed by path under /api/auth. Unknown fields,
 * overlong values and (at sign-up) weak passwords are refused before Better Auth sees the request.
 */
export const AUTH_REQUEST_BODIES: Record<string, z.ZodType> = {
  '/sign-up/email': z.strictObject({
    email: email('Email'),
    password: registrationPasswordSchema,
    name: z
      .string()
      .trim()
      .max(100, { message: 'Name must be at most 100 characters' })
      .default(''),
    callbackURL: callbackUrl.optional(),
    rememberMe: z.boolean().optional(),
  }),
  '/sign-in/email': z.strictObject({
    email: email('Email'),
    password: password('Password'),
    callbackURL: callbackUrl.optional(),
    rememberMe: z.boolean().optional(),
  }),
  '/sign-out': z.strictObject({}).optional(),
  '/send-verification-email': z.strictObject({
    email: email('Email'),
    callbackURL: callbackUrl.optional(),
  }),
  '/request-password-reset': z.strictObject({
    email: email('Email'),
    redirectTo: callbackUrl.optional(),
  }),
  '/reset-password': z.strictObject({
    newPassword: registrationPasswordSchema,
    token: z.string().min(1).max(512),
  }),
  '/change-password': z.strictObject({
    currentPassword: password('Current password'),
    // A new password meets the registration rules (issue 15, decision record 025); the spec's
    // minimum of 6 (MIN_PASSWORD_LENGTH) stays for signing in with an existing one.
    newPassword: registrationPasswordSchema,
    revokeOtherSessions: z.boolean().optional(),
  }),
  '/change-email': z.strictObject({
    newEmail: email('New email'),
    callbackURL: callbackUrl.optional(),
  }),
  // Two-factor sign-in (issue 28): the password guards every change; codes are short strings.
  '/two-factor/enable': z.strictObject({ password: password('Password') }),
  '/two-factor/disable': z.strictObject({ password: password('Password') }),
  '/two-factor/get-totp-uri': z.strictObject({ password: password('Password') }),
  '/two-factor/generate-backup-codes': z.strictObject({ password: password('Password') }),
  '/two-factor/verify-totp': z.strictObject({
    code: totpCode,
    trustDevice: z.boolean().optional(),
  }),
  '/two-factor/verify-backup-code': z.strictObject({
    code: backupCode,
    trustDevice: z.boolean().optional(),
  }),
  // Sign in with GitHub (issue 28): the only social provider; where to land after it.
  '/sign-in/social': z.strictObject({
    provider: z.literal('github'),
    callbackURL: callbackUrl.optional(),
    errorCallbackURL: callbackUrl.optional(),
    newUserCallbackURL: callbackUrl.optional(),
    disableRedirect: z.boolean().optional(),
  }),
  '/link-social': z.strictObject({
    provider: z.literal('github'),
    callbackURL: callbackUrl.optional(),
    errorCallbackURL: callbackUrl.optional(),
    disableRedirect: z.boolean().optional(),
  }),
  // The account row's id (as list-accounts gives it); Better Auth refuses the last way to sign in.
  '/unlink-account': z.strictObject({ accountId: z.string().min(1).max(64) }),
  // Passkeys (issue 28): adding names it; removing needs the password.
  '/passkey/verify-registration': z.strictObject({ response: webAuthnResponse, name: passkeyName }),
  '/passkey/verify-authentication': z.strictObject({ response: webAuthnResponse }),
  '/passkey/update-passkey': z.strictObject({ id: passkeyId, name: passkeyName }),
  '/passkey/remove': z.strictObject({ id: passkeyId, password: password('Password') }),
  '/two-factor/generate-passkey-options': z.strictObject({}),
  '/two-factor/verify-passkey': z.strictObject({
    response: webAuthnResponse,
    trustDevice: z.boolean().optional(),
  }),
  '/update-user': z.strictObject({
    name: z.string().trim().max(100, { message: 'Name must be at most 100 characters' }).optional(),
    image: z
      .string()
      .max(2048, { message: 'Image must be at most 2048 characters' })
      .nullable()
      .optional(),
  }),
};

/** Paths under /api/auth that are rate limited per client address (AUTH_RATE_LIMIT_*). */
export const RATE_LIMITED_AUTH_PATHS = new Set([
  ...TWO_FACTOR_PATHS,
  '/sign-up/email',
  '/sign-in/email',
  '/send-verification-email',
  '/request-password-reset',
  '/reset-password',
  '/change-password',
  '/change-email',
  '/sign-in/social',
  '/link-social',
  '/passkey/verify-registration',
  '/passkey/verify-authentication',
  '/passkey/update-passkey',
  '/passkey/remove',
]);

/** GET paths under /api/auth that are rate limited per client too: each stores a new challenge. */
export const RATE_LIMITED_AUTH_GET_PATHS = new Set([
  '/passkey/generate-register-options',
  '/passkey/generate-authenticate-options',
]);
