import * as z from 'zod/mini';

// The web's copy of the GitHub API contract (issue 14) until @sitelift/shared/api/github lands; the
// answers are checked against these schemas so a drift shows up as an error, not as a blank panel.

/** The connected GitHub account as the server shows it. */
export const githubUserSchema = z.object({
  login: z.string(),
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  avatar_url: z.nullable(z.string()),
});

/** A connected GitHub account. */
export type GithubUser = z.infer<typeof githubUserSchema>;

/** `GET /api/github/connection`. */
export const githubConnectionSchema = z.object({
  configured: z.boolean(),
  connected: z.boolean(),
  github_user: z.nullable(githubUserSchema),
  install_url: z.nullable(z.string()),
});

/** Whether GitHub is configured on the server and the user's account is connected. */
export type GithubConnection = z.infer<typeof githubConnectionSchema>;

/** `POST /api/github/state`. */
export const githubAuthorizeSchema = z.object({ authorize_url: z.string() });

/** `POST /api/github/callback`. */
export const githubCallbackResultSchema = z.object({
  success: z.literal(true),
  github_user: githubUserSchema,
});

/** `POST /api/projects/:id/deploy` (the project is checked by the caller that uses it). */
export const deployResultSchema = z.looseObject({
  github_repo_url: z.string(),
  project: z.unknown(),
});
