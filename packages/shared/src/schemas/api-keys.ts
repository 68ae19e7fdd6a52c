import { z } from 'zod';

/**
 * API keys of the public API /api/v1 (issue 26). A key is shown once, when it is made; afterwards only
 * its prefix, scopes and dates are listed.
 */

/** What a key may do: read projects, create/change projects (reading them too), read the balance. */
export const API_KEY_SCOPES = ['read', 'projects', 'billing-read'] as const;

/** One scope of an API key. */
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** How the keys screen names each scope. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, { label: string; description: string }> = {
  read: { label: 'Read', description: 'List projects and read their logs, reports and downloads.' },
  projects: {
    label: 'Projects',
    description: 'Create, re-run, cancel and delete projects (spends credits; includes Read).',
  },
  'billing-read': { label: 'Billing (read)', description: 'Read the credit balance.' },
};

/** Most active (not revoked) keys one account may hold. */
export const API_KEY_MAX_ACTIVE = 20;

/** Longest key name. */
export const API_KEY_NAME_MAX_LENGTH = 60;

/** Texts of the API keys screen and its validation. */
export const API_KEY_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${API_KEY_NAME_MAX_LENGTH} characters`,
  scopesRequired: 'Choose at least one scope',
  title: 'API keys',
  intro:
    'Keys let your own tools and pipelines use the Sitelift API: send one as "Authorization: Bearer <key>".',
  reference: 'API reference',
  guide: 'First call guide',
  planRequired: 'API access comes with the Scale plan.',
  planRequiredHint:
    'Subscribe to Scale to create keys. Keys you made before keep their place here.',
  seePlans: 'See plans',
  nameLabel: 'Key name',
  namePlaceholder: 'e.g. CI pipeline',
  scopesLabel: 'Scopes',
  create: 'Create key',
  creating: 'Creating…',
  createFailed: 'The key could not be created. Please try again.',
  newKeyLabel: 'Your new API key',
  shownOnce: 'Copy this key now: for your safety it is shown only once.',
  copy: 'Copy key',
  copied: 'Key copied to the clipboard.',
  copyFailed: 'The key could not be copied: select it and copy it yourself.',
  done: 'Done',
  activeKeys: 'Active keys',
  noKeys: 'No API keys yet.',
  loadFailed: 'The API keys could not be loaded.',
  created: (date: string) => `Created ${date}`,
  lastUsed: (date: string | null) => (date ? `Last used ${date}` : 'Never used'),
  revoke: 'Revoke',
  revokeLabel: (name: string) => `Revoke the key ${name}`,
  revokeTitle: (name: string) => `Revoke “${name}”?`,
  revokeDescription:
    'Requests with this key are refused from now on. Tools that use it stop working. This cannot be undone.',
  revokeConfirm: 'Revoke key',
  revoked: 'Key revoked: requests with it are refused from now on.',
  revokeFailed: 'The key could not be revoked. Please try again.',
} as const;

/** `POST /api/me/api-keys` body. */
export const createApiKeyBodySchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_NAME_MAX_LENGTH, API_KEY_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, API_KEY_MESSAGES.scopesRequired)
    .transform((scopes) => [...new Set(scopes)]),
});

/** `POST /api/me/api-keys` body (before trimming). */
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

/** An API key as it is listed: never the key itself. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  created_at: z.iso.datetime({ offset: true }),
  last_used_at: z.iso.datetime({ offset: true }).nullable(),
});

/** An API key as listed. */
export type ApiKey = z.infer<typeof apiKeySchema>;

/** `POST /api/me/api-keys` answer: the key, this once. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });

/** A new API key with its secret. */
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** `GET /api/me/api-keys`: the active keys, newest first, and whether the plan includes API access. */
export const apiKeyListSchema = z.object({
  items: z.array(apiKeySchema),
  api_access: z.boolean(),
});

/** `GET /api/me/api-keys` answer. */
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
