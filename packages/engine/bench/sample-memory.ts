import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** Peak memory, sampled: RSS of this Node process, and PSS of it with all its child processes. */
export interface MemoryPeaks {
  processBytes: number;
  treeBytes: number;
  /**
   * CPU seconds used by the process and its children while sampled (each child's last sample: a
   * lower bound). On a shared machine wall time depends on the load; this much less.
   */
  treeCpuSeconds: number;
  /** Milliseconds from the start of sampling to the tree's peak. */
  treePeakAtMs: number;
  /**
   * The tree's peak split by process: this process (`engine`), Chromium's processes (`browsers`),
   * and the rest (`other`: the Vite build, esbuild). Zeros without /proc.
   */
  treePeakByKind: { engine: number; browsers: number; other: number };
}

/** What the sampler's thread posts when stopped. */
type WorkerPeaks = Omit<MemoryPeaks, 'treeCpuSeconds'> & { childCpuSeconds: number };

function hasProc(): boolean {
  try {
    readFileSync('/proc/self/statm');
    return true;
  } catch {
    return false;
  }
}

/**
 * Samples memory every `intervalMs` until stopped: the RSS of this process and the PSS of it with
 * every descendant, read from /proc by a thread of its own (memory-sampler-worker.mjs), so that the
 * reads never hold up the run being measured. Without /proc only this process's RSS is sampled.
 */
export async function startMemorySampler(
  intervalMs = 200,
): Promise<{ stop(): Promise<MemoryPeaks> }> {
  const startCpu = process.cpuUsage();
  const ownCpuSeconds = () => {
    const { user, system } = process.cpuUsage(startCpu);
    return (user + system) / 1e6;
  };
  if (!hasProc()) {
    let processBytes = process.memoryUsage.rss();
    const timer = setInterval(() => {
      processBytes = Math.max(processBytes, process.memoryUsage.rss());
    }, intervalMs);
    return {
      stop: async () => {
        clearInterval(timer);
        processBytes = Math.max(processBytes, process.memoryUsage.rss());
        return {
          processBytes,
          treeBytes: processBytes,
          treeCpuSeconds: ownCpuSeconds(),
          treePeakAtMs: 0,
          treePeakByKind: { engine: 0, browsers: 0, other: 0 },
        };
      },
    };
  }
  const worker = new Worker(new URL('./memory-sampler-worker.mjs', import.meta.url), {
    workerData: { rootPid: process.pid, intervalMs },
  });
  // The first sample is taken before the worker says it is ready.
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return {
    async stop() {
      const peaks = await new Promise<WorkerPeaks>((resolve, reject) => {
        worker.once('message', (message: WorkerPeaks) => resolve(message));
        worker.once('error', reject);
        worker.postMessage('stop');
      });
      await worker.terminate();
      const { childCpuSeconds, ...rest } = peaks;
      return { ...rest, treeCpuSeconds: ownCpuSeconds() + childCpuSeconds };
    },
  };
}
