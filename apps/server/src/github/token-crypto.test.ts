import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenCipher, resolveTokenKey } from './token-crypto';

describe('GitHub token cipher', () => {
  const key = randomBytes(32);

  it('round-trips a token as v1:<iv>:<tag>:<ciphertext> with a fresh IV each time', () => {
    const cipher = createTokenCipher(key);
    const token = 'ghu_16C7e42F292c6912E7710c838347Ae178B4a';
    const first = cipher.encrypt(token);
    const second = cipher.encrypt(token);
    expect(first).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(first).not.toContain(token);
    expect(first).not.toBe(second);
    expect(Buffer.from(first.split(':')[1] ?? '', 'base64')).toHaveLength(12);
    expect(cipher.decrypt(first)).toBe(token);
    expect(cipher.decrypt(second)).toBe(token);
  });

  it('refuses a changed ciphertext and another key', () => {
    const cipher = createTokenCipher(key);
    const stored = cipher.encrypt('ghr_refresh');
    const parts = stored.split(':');
    const ciphertext = Buffer.from(parts[3] ?? '', 'base64');
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 1;
    parts[3] = ciphertext.toString('base64');
    expect(() => cipher.decrypt(parts.join(':'))).toThrow();
    expect(() => createTokenCipher(randomBytes(32)).decrypt(stored)).toThrow();
    expect(() => cipher.decrypt('ghr_refresh')).toThrow('not an encrypted GitHub token');
  });

  it('uses GITHUB_TOKEN_KEY when set, else an HKDF key of the auth secret that differs from it', () => {
    expect(resolveTokenKey(key, 'x'.repeat(40))).toBe(key);
    const derived = resolveTokenKey(undefined, 'x'.repeat(40));
    expect(derived).toHaveLength(32);
    expect(derived.equals(resolveTokenKey(undefined, 'x'.repeat(40)))).toBe(true);
    expect(derived.equals(resolveTokenKey(undefined, 'y'.repeat(40)))).toBe(false);
    expect(derived.toString('utf8')).not.toContain('xxxx');
    expect(() => resolveTokenKey(randomBytes(16), 'x'.repeat(40))).toThrow();
  });
});
