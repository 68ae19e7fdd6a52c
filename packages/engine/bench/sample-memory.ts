import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** Peak memory, sampled: RSS of this Node process, and PSS of it with all its child processes. */
export interface MemoryPeaks {
  processBytes: number;
  treeBytes: number;
  /**
   * CPU seconds used by the process and its children while sampled, ended children included (their
   * parents' cutime). On a shared machine wall time depends on the load; this much less.
   */
  treeCpuSeconds: number;
  /** The same seconds by kind; without /proc all of it is the engine's own. */
  treeCpuByKind: CpuByKind;
  /** The readings asked for with `mark`, in order. */
  marks: CpuMark[];
  /** Milliseconds from the start of sampling to the tree's peak. */
  treePeakAtMs: number;
  /**
   * The tree's peak split by process: this process (`engine`), Chromium's processes (`browsers`),
   * and the rest (`other`: the Vite build, esbuild). Zeros without /proc.
   */
  treePeakByKind: { engine: number; browsers: number; other: number };
}

/** CPU seconds of the tree by kind (as treePeakByKind splits memory). */
export interface CpuByKind {
  engine: number;
  browsers: number;
  other: number;
}

/** A CPU reading the run asked for with `mark(label)`: when, and the tree's seconds so far. */
export interface CpuMark {
  label: string;
  atMs: number;
  cpu: CpuByKind;
}

/** What the sampler's thread posts when stopped. */
type WorkerPeaks = Omit<MemoryPeaks, 'treeCpuSeconds' | 'treeCpuByKind' | 'marks'> & {
  cpu: CpuByKind;
  marks: CpuMark[];
};

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
): Promise<{ mark(label: string): void; stop(): Promise<MemoryPeaks> }> {
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
    const started = performance.now();
    const marks: CpuMark[] = [];
    return {
      mark: (label) =>
        marks.push({
          label,
          atMs: performance.now() - started,
          cpu: { engine: ownCpuSeconds(), browsers: 0, other: 0 },
        }),
      stop: async () => {
        clearInterval(timer);
        processBytes = Math.max(processBytes, process.memoryUsage.rss());
        return {
          processBytes,
          treeBytes: processBytes,
          treeCpuSeconds: ownCpuSeconds(),
          treeCpuByKind: { engine: ownCpuSeconds(), browsers: 0, other: 0 },
          marks,
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
    // The reading is the thread's: taken at once even while this thread is busy.
    mark: (label) => worker.postMessage({ mark: label }),
    async stop() {
      const peaks = await new Promise<WorkerPeaks>((resolve, reject) => {
        worker.once('message', (message: WorkerPeaks) => resolve(message));
        worker.once('error', reject);
        worker.postMessage('stop');
      });
      await worker.terminate();
      const { cpu, marks, ...rest } = peaks;
      return {
        ...rest,
        treeCpuSeconds: cpu.engine + cpu.browsers + cpu.other,
        treeCpuByKind: cpu,
        marks,
      };
    },
  };
}

/**
 * Each stage's CPU seconds by kind, from the sampler's readings at "start <stage>" and
 * "end <stage>".
 */
export function toCpuByStage(marks: CpuMark[]): Record<string, CpuByKind> {
  const started = new Map<string, CpuByKind>();
  const byStage: Record<string, CpuByKind> = {};
  for (const { label, cpu } of marks) {
    const [edge, stage] = label.split(' ', 2) as [string, string | undefined];
    if (stage === undefined) continue;
    if (edge === 'start') started.set(stage, cpu);
    const from = started.get(stage);
    if (edge !== 'end' || from === undefined) continue;
    const round = (seconds: number) => Math.round(seconds * 10) / 10;
    byStage[stage] = {
      engine: round(cpu.engine - from.engine),
      browsers: round(cpu.browsers - from.browsers),
      other: round(cpu.other - from.other),
    };
  }
  return byStage;
}
