import { statfs } from 'node:fs/promises';

/** Whether the store can write, for /api/health and the guard in front of new work. */
export interface StorageHealth {
  writable: boolean;
  /** The database's own words for the write that failed, while it cannot write. */
  error: string | null;
}

/** Room beyond the floor before a store that failed a write is trusted again. */
const RECOVERY_MARGIN_BYTES = 1024 * 1024;

/** Free space PGlite's folder keeps by default: below it new work is refused. */
export const DEFAULT_MIN_FREE_BYTES = 16 * 1024 * 1024;

/** PostgreSQL's codes for a store that cannot write: disk_full, insufficient_resources, io_error. */
const STORE_FULL_CODES = new Set(['53100', '53000', '58030']);
const STORE_FULL_TEXT = /No space left on device|could not extend file|disk quota exceeded/i;

/** True when `error` (or one of its causes) says the database cannot write (a full disk). */
export function isStoreFullError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && STORE_FULL_CODES.has(candidate.code)) return true;
    if (typeof candidate.message === 'string' && STORE_FULL_TEXT.test(candidate.message)) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}

function messageOf(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const candidate = current as { message?: unknown; cause?: unknown };
    if (typeof candidate.message === 'string' && STORE_FULL_TEXT.test(candidate.message)) {
      return candidate.message;
    }
    current = candidate.cause;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Keeps track of whether the store can write. A failed write that says the disk is full marks it
 * unwritable; for PGlite the free space of its folder is measured too (below `minFreeBytes` new work
 * is refused before anything is written). A store marked unwritable is trusted again once its folder
 * has room (PGlite) or `recheckMs` after the failure (PostgreSQL, whose disk this process cannot see).
 */
export class StoreHealth {
  private failure: { message: string; at: number } | undefined;
  private lowSpace: string | undefined;
  private measuredAt = 0;

  constructor(
    private readonly options: {
      /** PGlite's data folder (free space measured), or undefined for PostgreSQL. */
      dataDir: string | undefined;
      minFreeBytes: number;
      recheckMs?: number;
      /** How long a measurement of the free space is reused. */
      measureEveryMs?: number;
    },
  ) {}

  /** Notes a failed statement: a full disk marks the store unwritable. True when it was one. */
  note(error: unknown): boolean {
    if (!isStoreFullError(error)) return false;
    this.failure = { message: messageOf(error), at: Date.now() };
    this.measuredAt = 0;
    return true;
  }

  /** Measures again (at most every measureEveryMs) and answers the current state. */
  async check(): Promise<StorageHealth> {
    const now = Date.now();
    if (now - this.measuredAt >= (this.options.measureEveryMs ?? 2000)) {
      this.measuredAt = now;
      await this.measure();
    }
    return this.current();
  }

  /** The last known state (no measurement). */
  current(): StorageHealth {
    if (this.lowSpace) return { writable: false, error: this.lowSpace };
    if (this.failure) return { writable: false, error: this.failure.message };
    return { writable: true, error: null };
  }

  private async measure(): Promise<void> {
    const { dataDir, minFreeBytes } = this.options;
    if (dataDir === undefined) {
      if (this.failure && Date.now() - this.failure.at >= (this.options.recheckMs ?? 30_000)) {
        this.failure = undefined;
      }
      return;
    }
    try {
      const stats = await statfs(dataDir);
      const free = Number(stats.bavail) * Number(stats.bsize);
      if (free < minFreeBytes) {
        this.lowSpace = `No space left on device: ${Math.floor(free / 1024)} KiB free in the data folder (at least ${Math.ceil(minFreeBytes / 1024)} KiB needed)`;
        return;
      }
      this.lowSpace = undefined;
      // Room again: a write that failed for lack of space may now succeed.
      if (this.failure && free >= minFreeBytes + RECOVERY_MARGIN_BYTES) this.failure = undefined;
    } catch {
      // The folder cannot be measured (gone, permissions): rely on failed writes alone.
      this.lowSpace = undefined;
    }
  }
}
