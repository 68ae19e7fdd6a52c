import { z } from 'zod';

/**
 * One-click deploy to static hosts (issue 27): the providers, a user's connections (never their
 * token), a project's hosted site and the runs that deploy or remove it.
 */

/** The hosts a rebuilt site can be deployed to. */
export const HOSTING_PROVIDERS = ['netlify', 'vercel', 'cloudflare'] as const;

/** One hosting provider. */
export type HostingProvider = (typeof HOSTING_PROVIDERS)[number];

/** The names users see. */
export const HOSTING_PROVIDER_LABELS: Readonly<Record<HostingProvider, string>> = {
  netlify: 'Netlify',
  vercel: 'Vercel',
  cloudflare: 'Cloudflare Pages',
};

/** How a site is deployed: with the user's own token, or claimable (the operator's partner token). */
export const HOSTING_MODES = ['own', 'claim'] as const;

/** One deploy mode. */
export type HostingMode = (typeof HOSTING_MODES)[number];

/** A provider as Settings → Hosting shows it. */
export const hostingConnectionSchema = z.object({
  provider: z.enum(HOSTING_PROVIDERS),
  label: z.string(),
  connected: z.boolean(),
  /** The account the token belongs to, as the provider named it. */
  account: z.string().nullable(),
  /** The token's last four characters (null when too short to show any). */
  token_last4: z.string().nullable(),
  connected_at: z.string().nullable(),
  /** True when the operator offers claimable deploys (no account of the user's needed). */
  claimable: z.boolean(),
});

/** A connection. */
export type HostingConnection = z.infer<typeof hostingConnectionSchema>;

/** GET /api/me/hosting: every provider this server offers. */
export const hostingSettingsSchema = z.object({ providers: z.array(hostingConnectionSchema) });

/** Settings → Hosting. */
export type HostingSettings = z.infer<typeof hostingSettingsSchema>;

/** PUT /api/me/hosting/:provider: a token (checked with the provider, stored encrypted). */
export const hostingConnectBodySchema = z.object({
  token: z
    .string()
    .trim()
    .min(8, 'Paste the whole token.')
    .max(1000, 'This token is too long.')
    .regex(/^[\x21-\x7e]+$/, 'A token has no spaces or special characters.'),
  /** Cloudflare: the account to deploy into (default: the first the token can use). */
  account_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not an account id.')
    .optional()
    .or(z.literal('')),
});

/** The connect form's body. */
export type HostingConnectBody = z.infer<typeof hostingConnectBodySchema>;

/** What a project's card shows of its hosted site (stored on the project). */
export const projectHostingSchema = z.object({
  provider: z.enum(HOSTING_PROVIDERS),
  mode: z.enum(HOSTING_MODES),
  /** deploying/removing while a run works; live once deployed; failed when the last run failed. */
  status: z.enum(['deploying', 'live', 'failed', 'removing']),
  url: z.string().nullable(),
  /** Claimable deploys: the link the site's owner opens to take it into their account. */
  claim_url: z.string().nullable(),
  claim_expires_at: z.string().nullable(),
  /** The last run's failure, in the provider's plain words. */
  error: z.string().nullable(),
  progress: z.object({ label: z.string(), done: z.number(), total: z.number() }).nullable(),
  deployed_at: z.string().nullable(),
  /** The run that wrote this state (GET /api/projects/:id/hosting/deploys/:deployId). */
  deploy_id: z.string().nullable(),
});

/** A project's hosted site. */
export type ProjectHosting = z.infer<typeof projectHostingSchema>;

/** POST /api/projects/:id/hosting: deploy (again) with a provider. */
export const hostingDeployBodySchema = z.object({
  provider: z.enum(HOSTING_PROVIDERS),
  mode: z.enum(HOSTING_MODES).default('own'),
});

/** One line of a deploy's log. */
export const hostingLogLineSchema = z.object({
  at: z.string(),
  level: z.enum(['INFO', 'WARNING', 'ERROR']),
  message: z.string(),
});

/** One deploy or removal run, with its log. */
export const hostingDeploySchema = z.object({
  id: z.string(),
  project_id: z.string(),
  provider: z.enum(HOSTING_PROVIDERS),
  action: z.enum(['deploy', 'remove']),
  status: z.enum(['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED']),
  error: z.string().nullable(),
  logs: z.array(hostingLogLineSchema),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

/** A run. */
export type HostingDeploy = z.infer<typeof hostingDeploySchema>;
