import { z } from 'zod';
import { projectSchema } from '../schemas/project';

// The GitHub routes of the HTTP API (issue 14, DESIGN.md §4). Every body is JSON with snake_case keys;
// errors use the API's `{ error: { code, message } }` (codes API_GITHUB_* in error-codes/github.ts).
// No answer ever carries a GitHub token.

/** The connected GitHub account as the panel shows it. */
export const githubUserSchema = z.object({
  login: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  avatar_url: z.string().nullable(),
});
export type GithubUser = z.infer<typeof githubUserSchema>;

/** GET /api/github/connection. `install_url` is null when the server has no GitHub App configured. */
export const githubConnectionSchema = z.object({
  configured: z.boolean(),
  connected: z.boolean(),
  github_user: githubUserSchema.nullable(),
  install_url: z.string().nullable(),
});
export type GithubConnection = z.infer<typeof githubConnectionSchema>;

/** The anti-forgery state the browser makes: 32 random bytes as 64 lowercase hex characters. */
export const GITHUB_STATE_PATTERN = /^[0-9a-f]{64}$/;

/** POST /api/github/state. */
export const githubStateBodySchema = z.object({
  state: z.string().regex(GITHUB_STATE_PATTERN, {
    message: 'state must be 64 lowercase hexadecimal characters',
  }),
});
export type GithubStateBody = z.infer<typeof githubStateBodySchema>;
export const githubStateResultSchema = z.object({ authorize_url: z.string() });
export type GithubStateResult = z.infer<typeof githubStateResultSchema>;

/** POST /api/github/callback. Missing code or state answers 400 'Missing authorization code or state parameter'. */
export const githubCallbackBodySchema = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(512).optional(),
  redirect_uri: z.string().max(2048).optional(),
});
export type GithubCallbackBody = z.infer<typeof githubCallbackBodySchema>;
export const githubCallbackResultSchema = z.object({
  success: z.literal(true),
  github_user: githubUserSchema,
});
export type GithubCallbackResult = z.infer<typeof githubCallbackResultSchema>;

/** POST /api/github/disconnect. */
export const githubDisconnectResultSchema = z.object({ success: z.literal(true) });
export type GithubDisconnectResult = z.infer<typeof githubDisconnectResultSchema>;

/** POST /api/github/refresh: the new expiry of the access token (ISO 8601; null when it does not expire). */
export const githubRefreshResultSchema = z.object({
  success: z.literal(true),
  expires_at: z.string().nullable(),
});
export type GithubRefreshResult = z.infer<typeof githubRefreshResultSchema>;

/** POST /api/projects/:id/deploy. Private unless `public` is true. */
export const deployBodySchema = z.object({ public: z.boolean().optional() });
export type DeployBody = z.infer<typeof deployBodySchema>;
export const deployResultSchema = z.object({
  github_repo_url: z.string(),
  project: projectSchema,
});
export type DeployResult = z.infer<typeof deployResultSchema>;
