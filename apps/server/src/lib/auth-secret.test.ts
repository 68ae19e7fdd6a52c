import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateAuthSecret } from './auth-secret';

describe('loadOrCreateAuthSecret', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('generates a secret once with mode 600 and returns the same one afterwards', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sitelift-secret-'));
    dirs.push(dir);
    const first = loadOrCreateAuthSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path.join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(loadOrCreateAuthSecret(dir)).toBe(first);
  });

  it('replaces a kept secret that is too short to be safe', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sitelift-secret-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'auth-secret'), 'short\n');
    const secret = loadOrCreateAuthSecret(dir);
    expect(secret).not.toBe('short');
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(secret);
  });
});
