import { z } from 'zod';

/**
 * The `users` profile of the specification (§3) exactly as GET/PATCH /api/me/profile send it (JSON:
 * `created_at` is an ISO 8601 string). The body rules of PATCH are `profileUpdateBodySchema` in
 * `schemas/auth.ts`, shared with the web app's form so both enforce the same limits and messages.
 */
export const profileResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  company_name: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  email_verified: z.boolean(),
  /** E-mail when a project completes or fails (issue 22 item 4); on by default. */
  notify_job_outcome: z.boolean(),
});

/** A profile as the API sends it. */
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
