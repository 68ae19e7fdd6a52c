import { describe, expect, it, vi } from 'vitest';
import { SessionCache } from './session-cache';

const session = (id: string, expiresAt = new Date(Date.now() + 3_600_000)) => ({
  id,
  session: { expiresAt },
});

describe('SessionCache', () => {
  it('serves a resolved session until its time-to-live ends', async () => {
    let now = 1_000_000;
    const cache = new SessionCache<ReturnType<typeof session>>({ ttlMs: 100, now: () => now });
    const lookup = vi.fn(async () => session('a', new Date(now + 60_000)));
    await cache.resolve('token', lookup);
    now += 99;
    await cache.resolve('token', lookup);
    expect(lookup).toHaveBeenCalledTimes(1);
    now += 1;
    await cache.resolve('token', lookup);
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('never serves a session past its own expiry', async () => {
    let now = 1_000_000;
    const cache = new SessionCache<ReturnType<typeof session>>({ ttlMs: 10_000, now: () => now });
    const lookup = vi.fn(async () => session('a', new Date(now + 50)));
    await cache.resolve('token', lookup);
    now += 50;
    await cache.resolve('token', lookup);
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('does not store "no session"', async () => {
    const cache = new SessionCache<ReturnType<typeof session>>();
    const lookup = vi.fn(async () => null);
    expect(await cache.resolve('token', lookup)).toBeNull();
    expect(await cache.resolve('token', lookup)).toBeNull();
    expect(lookup).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it('does not store a lookup that was in flight while the cache was cleared', async () => {
    const cache = new SessionCache<ReturnType<typeof session>>();
    let finish: (value: ReturnType<typeof session>) => void = () => {};
    const pending = cache.resolve(
      'token',
      () => new Promise<ReturnType<typeof session>>((resolve) => (finish = resolve)),
    );
    cache.clearLocal();
    finish(session('stale'));
    expect((await pending)?.id).toBe('stale');
    expect(cache.size).toBe(0);
  });

  it('clears every entry and broadcasts the clear', async () => {
    const broadcast = vi.fn(async () => {});
    const cache = new SessionCache<ReturnType<typeof session>>({ broadcast });
    await cache.resolve('a', async () => session('a'));
    await cache.resolve('b', async () => session('b'));
    expect(cache.size).toBe(2);
    await cache.clear();
    expect(cache.size).toBe(0);
    expect(broadcast).toHaveBeenCalledTimes(1);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new SessionCache<ReturnType<typeof session>>({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.resolve(key, async () => session(key));
    expect(cache.size).toBe(2);
    const lookup = vi.fn(async () => session('a2'));
    expect((await cache.resolve('a', lookup))?.id).toBe('a2');
    expect((await cache.resolve('c', lookup))?.id).toBe('c');
  });
});
