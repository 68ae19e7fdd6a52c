import { createHash, randomBytes } from 'node:crypto';
import { API_ACCESS_PRODUCT_IDS } from '@sitelift/shared/billing/plans';
import { AppError } from '@sitelift/shared/error-codes';
import {
  API_KEY_MAX_ACTIVE,
  type ApiKey,
  type ApiKeyList,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@sitelift/shared/schemas/api-keys';
import {
  countActiveApiKeys,
  findApiAccount,
  insertApiKey,
  listActiveApiKeys,
  revokeApiKeyRow,
  type ApiKeyRow,
} from '../db/api-keys.repository';
import type { AppDb } from '../db/database';

/** Every key starts with this, so that secret scanners and people recognise it. */
export const API_KEY_PREFIX = 'sl_';

/** Characters of a key kept in the clear to tell keys apart (the prefix and 8 random ones). */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 8;

/** SHA-256 (hex) of a key: keys carry 192 random bits, so a fast hash is enough to store them. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A new random key: `sl_` and 32 base64url characters (192 bits). */
export function generateApiKey(): { key: string; prefix: string; keyHash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
  return { key, prefix: key.slice(0, SHOWN_CHARACTERS), keyHash: hashApiKey(key) };
}

function toApiKeyJson(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}

/** Whether `userId`'s plan includes API access (a live Scale subscription). */
export async function hasApiAccess(db: AppDb, userId: string): Promise<boolean> {
  const account = await findApiAccount(db, userId, API_ACCESS_PRODUCT_IDS);
  return account?.hasApiAccess ?? false;
}

/** GET /api/me/api-keys: the active keys, newest first, and whether the plan includes API access. */
export async function listApiKeys(db: AppDb, userId: string): Promise<ApiKeyList> {
  const [rows, apiAccess] = await Promise.all([
    listActiveApiKeys(db, userId),
    hasApiAccess(db, userId),
  ]);
  return { items: rows.map(toApiKeyJson), api_access: apiAccess };
}

/**
 * POST /api/me/api-keys: a new key for a user whose plan includes API access (403
 * API_PLAN_REQUIRED otherwise), at most API_KEY_MAX_ACTIVE active ones. The key is in this answer only.
 */
export async function createApiKey(
  db: AppDb,
  userId: string,
  body: { name: string; scopes: ApiKeyScope[] },
): Promise<CreatedApiKey> {
  if (!(await hasApiAccess(db, userId))) throw new AppError('API_PLAN_REQUIRED');
  if ((await countActiveApiKeys(db, userId)) >= API_KEY_MAX_ACTIVE) {
    throw new AppError('API_KEY_LIMIT_REACHED', {
      message: `You can have at most ${API_KEY_MAX_ACTIVE} active API keys. Revoke a key you no longer use first.`,
    });
  }
  const { key, prefix, keyHash } = generateApiKey();
  const row = await insertApiKey(db, {
    userId,
    name: body.name,
    prefix,
    keyHash,
    scopes: body.scopes,
  });
  return { ...toApiKeyJson(row), key };
}

/** DELETE /api/me/api-keys/:id: the key stops working at once; 404 when there is no such active key. */
export async function revokeApiKey(db: AppDb, userId: string, keyId: string): Promise<void> {
  if (!(await revokeApiKeyRow(db, userId, keyId))) throw new AppError('API_KEY_NOT_FOUND');
}
