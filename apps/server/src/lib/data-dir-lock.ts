import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Thrown when another live process already holds DATA_DIR. */
export class DataDirLockedError extends Error {
  readonly pid: number;
  constructor(dataDir: string, pid: number, lockFile: string) {
    super(
      `Another Sitelift process (pid ${pid}) is already using DATA_DIR ${dataDir}. The embedded database ` +
        `(PGlite) allows one process only: stop the other process, or set DATABASE_URL to PostgreSQL to run ` +
        `several. If no such process exists, delete ${lockFile}.`,
    );
    this.name = 'DataDirLockedError';
    this.pid = pid;
  }
}

/** A held lock on a data folder; release() removes the lock file. */
export interface DataDirLock {
  file: string;
  release(): void;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock file DATA_DIR/sitelift.lock (PGlite opens a data folder from two processes without an
 * error and loses the second one's writes, so we refuse instead). A lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'sitelift.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder = Number.NaN;
      try {
        holder = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      } catch {
        // Removed between our attempts: try again.
      }
      if (Number.isInteger(holder) && holder > 0 && isProcessAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder, file);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock file ${file}.`);
}
