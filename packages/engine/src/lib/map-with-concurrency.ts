import pLimit from 'p-limit';

/**
 * Runs `task` over `items` with at most `limit` running at once (at least one); results keep the
 * items' order. Rejects with the first task's error, as `Promise.all` does; the tasks already queued
 * still run. The one pool of the engine (fetch, optimize and verify), on p-limit.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const concurrency = Math.max(1, Math.floor(limit) || 1);
  return pLimit(concurrency).map(items, task);
}
