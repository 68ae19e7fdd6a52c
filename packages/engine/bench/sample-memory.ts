import { readdirSync, readFileSync } from 'node:fs';

const PAGE_BYTES = 4096;

/**
 * A process's proportional set size (PSS: its private pages plus its share of pages it shares with
 * others): summing RSS over Chromium's processes would count their shared pages many times.
 */
function readPssBytes(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const match = /^Pss:\s+(\d+) kB/mu.exec(rollup);
    if (match !== null) return Number(match[1]) * 1024;
  } catch {
    // no smaps_rollup (old kernel) or the process ended: fall back to RSS below
  }
  try {
    const statm = readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ');
    return Number(statm[1] ?? 0) * PAGE_BYTES;
  } catch {
    return 0;
  }
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * This process and every descendant (Chromium, the Vite build, Lighthouse's Chrome), from /proc, with
 * the CPU seconds each has used so far.
 */
function listProcessTree(rootPid: number): { pids: number[]; cpuSeconds: Map<number, number> } {
  const children = new Map<number, number[]>();
  const cpuSeconds = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/u.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      const list = children.get(parent) ?? [];
      list.push(Number(entry));
      children.set(parent, list);
      // utime and stime (fields 14 and 15 of stat(5)).
      cpuSeconds.set(
        Number(entry),
        (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / TICKS_PER_SECOND,
      );
    } catch {
      // the process ended while we looked
    }
  }
  const tree = [rootPid];
  for (let index = 0; index < tree.length; index += 1)
    tree.push(...(children.get(tree[index] ?? -1) ?? []));
  return { pids: tree, cpuSeconds };
}

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
}

/** Samples RSS every `intervalMs` until stopped; on systems without /proc only the process is measured. */
export function startMemorySampler(intervalMs = 200): { stop(): MemoryPeaks } {
  const peaks: MemoryPeaks = {
    processBytes: 0,
    treeBytes: 0,
    treeCpuSeconds: 0,
    treePeakAtMs: 0,
  };
  const startedAt = performance.now();
  const startCpu = process.cpuUsage();
  // Children's CPU seconds at their last sample, and what they had used before sampling began.
  const childCpu = new Map<number, number>();
  const childCpuBefore = new Map<number, number>();
  let first = true;
  const hasProc = (() => {
    try {
      readFileSync('/proc/self/statm');
      return true;
    } catch {
      return false;
    }
  })();
  const sample = () => {
    const own = process.memoryUsage.rss();
    peaks.processBytes = Math.max(peaks.processBytes, own);
    let tree = own;
    if (hasProc) {
      const { pids, cpuSeconds } = listProcessTree(process.pid);
      tree = pids.reduce((sum, pid) => sum + readPssBytes(pid), 0);
      for (const pid of pids.slice(1)) {
        const seconds = cpuSeconds.get(pid) ?? 0;
        if (first) childCpuBefore.set(pid, seconds);
        childCpu.set(pid, seconds);
      }
      first = false;
    }
    if (tree > peaks.treeBytes) {
      peaks.treeBytes = tree;
      peaks.treePeakAtMs = performance.now() - startedAt;
    }
    const { user, system } = process.cpuUsage(startCpu);
    let children = 0;
    for (const [pid, seconds] of childCpu) children += seconds - (childCpuBefore.get(pid) ?? 0);
    peaks.treeCpuSeconds = (user + system) / 1e6 + children;
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { ...peaks };
    },
  };
}
