import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Returns the secret kept in DATA_DIR/auth-secret, generating it once (mode 600) so that sessions
 * survive restarts when AUTH_SECRET is not set.
 */
export function loadOrCreateAuthSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'auth-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': if another process (sharing DATA_DIR with PostgreSQL) wrote one first, use theirs.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return secret;
}
