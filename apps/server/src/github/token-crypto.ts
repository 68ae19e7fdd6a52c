import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** HKDF `info` of the key derived from the auth secret (docs/decisions/026-github-app-and-token-storage.md). */
export const TOKEN_KEY_INFO = 'sitelift github tokens';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Encrypts and decrypts GitHub tokens at rest (AES-256-GCM, a random 12-byte IV per value). */
export interface TokenCipher {
  /** `v1:<iv>:<tag>:<ciphertext>`, each part base64. */
  encrypt(plaintext: string): string;
  /** The plaintext of `encrypt`'s output; throws when the value was changed or another key made it. */
  decrypt(stored: string): string;
}

/**
 * The token key: GITHUB_TOKEN_KEY when set, else HKDF-SHA256 of the auth secret (no salt, info
 * {@link TOKEN_KEY_INFO}), so one secret to keep still yields a key used for nothing else.
 */
export function resolveTokenKey(configured: Buffer | undefined, authSecret: string): Buffer {
  if (configured) {
    if (configured.length !== 32) throw new Error('the GitHub token key must be 32 bytes');
    return configured;
  }
  return Buffer.from(hkdfSync('sha256', authSecret, Buffer.alloc(0), TOKEN_KEY_INFO, 32));
}

/** A cipher over a 32-byte key. */
export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error('the GitHub token key must be 32 bytes');
  return {
    encrypt(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64')))
        .join(':');
    },
    decrypt(stored) {
      const parts = stored.split(':');
      if (parts.length !== 4 || parts[0] !== VERSION) {
        throw new Error('not an encrypted GitHub token');
      }
      const [iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, 'base64')) as [
        Buffer,
        Buffer,
        Buffer,
      ];
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
        throw new Error('not an encrypted GitHub token');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    },
  };
}
