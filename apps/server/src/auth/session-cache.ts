/**
 * A short-lived, in-process cache of resolved sessions, keyed by the session cookie's value.
 *
 * Resolving a session through Better Auth costs about a millisecond of CPU (cookie signature, its
 * request context, two adapter queries), which dominated the list endpoint under load. Better Auth's
 * own cookie cache would keep a revoked session valid for its whole lifetime; this one is cleared
 * whenever anything could have changed a session or its user (every request to /api/auth/* other than
 * get-session), in this process at once and in every other process through NOTIFY. A lookup that was
 * in flight while the cache was cleared is not stored (generation check), so a revoked session is
 * never brought back. Entries also end with the session itself and after `ttlMs`.
 */
export interface SessionCacheOptions {
  /** Longest time an entry is served without asking the database again (default 10 s). */
  ttlMs?: number;
  /** Entries kept at most; the oldest go first (default 10,000). */
  maxEntries?: number;
  /** Tells the other processes to clear their caches (NOTIFY); errors are the caller's to log. */
  broadcast?: () => Promise<void>;
  /** Clock, for tests. */
  now?: () => number;
}

interface Entry<T> {
  value: T;
  expiresAt: number;
}

/** What the cache needs of a resolved session: when it ends. */
export interface ExpiringSession {
  session: { expiresAt: Date | string };
}

export const DEFAULT_SESSION_CACHE_TTL_MS = 10_000;
const DEFAULT_MAX_ENTRIES = 10_000;

export class SessionCache<T extends ExpiringSession> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private generation = 0;

  constructor(private readonly options: SessionCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? DEFAULT_SESSION_CACHE_TTL_MS;
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.now = options.now ?? Date.now;
  }

  /** Number of live entries (for tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The cached session for `key`, or the result of `lookup` (stored when it is a session and nothing
   * was cleared meanwhile). A null result is never stored.
   */
  async resolve(key: string, lookup: () => Promise<T | null>): Promise<T | null> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    if (hit) this.entries.delete(key);
    const generation = this.generation;
    const value = await lookup();
    if (value === null || generation !== this.generation || this.ttlMs <= 0) return value;
    const sessionEnds = new Date(value.session.expiresAt).getTime();
    const expiresAt = Math.min(this.now() + this.ttlMs, sessionEnds);
    if (!(expiresAt > this.now())) return value;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt });
    return value;
  }

  /** Forgets every entry in this process (and makes in-flight lookups uncacheable). */
  clearLocal(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Forgets every entry here and tells the other processes to do the same. */
  async clear(): Promise<void> {
    this.clearLocal();
    await this.options.broadcast?.();
  }
}
