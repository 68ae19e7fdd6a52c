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

/** This process and every descendant (Chromium, the Vite build, Lighthouse's Chrome), from /proc. */
function listProcessTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
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
    } catch {
      // the process ended while we looked
    }
  }
  const tree = [rootPid];
  for (let index = 0; index < tree.length; index += 1)
    tree.push(...(children.get(tree[index] ?? -1) ?? []));
  return tree;
}

/** Peak memory, sampled: RSS of this Node process, and PSS of it with all its child processes. */
export interface MemoryPeaks {
  processBytes: number;
  treeBytes: number;
}

/** Samples RSS every `intervalMs` until stopped; on systems without /proc only the process is measured. */
export function startMemorySampler(intervalMs = 200): { stop(): MemoryPeaks } {
  const peaks: MemoryPeaks = { processBytes: 0, treeBytes: 0 };
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
    const tree = hasProc
      ? listProcessTree(process.pid).reduce((sum, pid) => sum + readPssBytes(pid), 0)
      : own;
    peaks.treeBytes = Math.max(peaks.treeBytes, tree);
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
