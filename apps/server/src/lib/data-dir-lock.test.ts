import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

describe('acquireDataDirLock', () => {
  const dirs: string[] = [];
  const makeDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sitelift-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses while the lock is held and allows it again after release', () => {
    const dir = makeDir();
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock left by a process that no longer exists', () => {
    const dir = makeDir();
    // PIDs are below 2^22 on Linux: this one cannot be running.
    writeFileSync(path.join(dir, 'sitelift.lock'), '4999999\n');
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });
});
