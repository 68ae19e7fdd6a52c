/**
 * Gives the memory the V8 heap no longer uses back to the system (issue 24: peak memory < 1.5 GB on
 * a 200-page run, browsers included). V8 keeps the pages it grew into while a stage allocated —
 * generate's Prettier passes over 2.6 MB of sources left ant-site-2004's engine at 880 MB of RSS,
 * half of it garbage — and gives them back only when its memory reducer gets round to it, a minute or
 * more later: through the whole of verify, next to Chromium's and the build's memory. A last-resort
 * collection (what V8 does on a low-memory notification) collects and gives the pages back at once.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's `gc` function (with --expose-gc), as it is called with options. */
type GcFunction = (options?: {
  type?: 'major' | 'minor';
  execution?: 'sync' | 'async';
  flavor?: 'regular' | 'last-resort';
}) => void;

let found: GcFunction | null | undefined;

/**
 * V8's collector: the global `gc` when Node runs with --expose-gc, else one taken from a fresh
 * context with the flag set just for that (and cleared again: contexts made later get no `gc`).
 * Null when neither works.
 */
function findGc(): GcFunction | null {
  if (found !== undefined) return found;
  const global = (globalThis as { gc?: unknown }).gc;
  if (typeof global === 'function') {
    found = global as GcFunction;
    return found;
  }
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    found = typeof gc === 'function' ? (gc as GcFunction) : null;
  } catch {
    found = null;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
  return found;
}

/** What {@link releaseMemory} did: the process's RSS and V8 heap before and after, in bytes. */
export interface ReleasedMemory {
  rssBefore: number;
  rssAfter: number;
  heapBefore: number;
  heapAfter: number;
  ms: number;
}

/**
 * Collects all garbage now and returns the freed heap pages to the system (a synchronous last-resort
 * collection: about half a second for a few hundred MB of heap on a busy 2-core machine). Undefined
 * when this V8 does not let the process collect (nothing is done then).
 */
export function releaseMemory(): ReleasedMemory | undefined {
  const gc = findGc();
  if (gc === null) return undefined;
  const before = process.memoryUsage();
  const started = performance.now();
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  const after = process.memoryUsage();
  return {
    rssBefore: before.rss,
    rssAfter: after.rss,
    heapBefore: before.heapTotal,
    heapAfter: after.heapTotal,
    ms: performance.now() - started,
  };
}

/** A log line for the operator: how much memory was given back, and how long it took. */
export function formatReleasedMemory(released: ReleasedMemory): string {
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  return `Released memory in ${Math.round(released.ms)} ms: RSS ${mb(released.rssBefore)} → ${mb(released.rssAfter)} MB, heap ${mb(released.heapBefore)} → ${mb(released.heapAfter)} MB`;
}
