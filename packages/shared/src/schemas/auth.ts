import { z } from 'zod';
import {
  avatarUrlFieldSchema,
  companyNameFieldSchema,
  fullNameFieldSchema,
} from '../validation/profile';

/** The user of a Better Auth session as the web app reads it (`GET /api/auth/get-session`). */
export const sessionUserSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string().nullish(),
  image: z.string().nullish(),
  /** The profile's picture and name (Better Auth additional fields; the top bar shows them). */
  avatarUrl: z.string().nullish(),
  fullName: z.string().nullish(),
  emailVerified: z.boolean(),
  createdAt: z.coerce.date(),
});

/** A session user. */
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The answer of `GET /api/auth/get-session`: the session and its user, or null when signed out. */
export const sessionResponseSchema = z
  .looseObject({
    session: z.looseObject({ id: z.string().optional(), expiresAt: z.coerce.date().optional() }),
    user: sessionUserSchema,
  })
  .nullable();

/** A session, or null. */
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/**
 * The user profile of spec §3 as the web app reads `GET /api/me/profile` (`created_at` becomes a
 * Date); the wire format the server answers with is `profileResponseSchema` in `schemas/profile.ts`.
 */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  company_name: z.string().nullable(),
  created_at: z.coerce.date(),
  email_verified: z.boolean(),
  /** Project e-mails (issue 22 item 4); a fallback profile without it counts as on. */
  notify_job_outcome: z.boolean().optional(),
});

/** A user profile. */
export type Profile = z.infer<typeof profileSchema>;

/** Turns null into '' so that a field rule (trim, '' → null) applies to either. */
function nullAsEmpty(value: unknown): unknown {
  return value === null ? '' : value;
}

/**
 * The body of `PATCH /api/me/profile`: any of full_name, company_name, avatar_url as a string or null;
 * trimmed, '' → null; unknown keys refused.
 */
export const profileUpdateBodySchema = z.strictObject({
  full_name: z.preprocess(nullAsEmpty, fullNameFieldSchema).optional(),
  company_name: z.preprocess(nullAsEmpty, companyNameFieldSchema).optional(),
  avatar_url: z.preprocess(nullAsEmpty, avatarUrlFieldSchema).optional(),
  /** The project e-mails setting (issue 22 item 4). */
  notify_job_outcome: z.boolean().optional(),
});

/** A parsed profile update. */
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

/** `GET /api/me/credits` (only `balance` is read by the web app). */
export const creditsResponseSchema = z.looseObject({ balance: z.number() });

/** `GET /api/sign-in-methods`: the ways to sign in this server offers besides e-mail and password. */
export const signInMethodsSchema = z.object({
  /** "Continue with GitHub" (the GitHub App is configured). */
  github: z.boolean(),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;
