// The memory sampler's thread (see sample-memory.ts). Plain JavaScript, so that the Worker starts
// without tsx's loader. Reading /proc is synchronous and, for Chromium's processes (huge address
// spaces), slow: on the pipeline's own thread it stalled the run it measured (a sample took longer
// than the interval under load). Here it blocks nobody.
import { readdirSync, readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

const PAGE_BYTES = 4096;
/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * A process's proportional set size (PSS: its private pages plus its share of pages it shares with
 * others): summing RSS over Chromium's processes would count their shared pages many times.
 */
function readPssBytes(pid) {
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

/** The parent pid and CPU seconds (utime + stime) of a process; undefined when it ended. */
function readStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      parent: Number(fields[1]),
      cpuSeconds: (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / TICKS_PER_SECOND,
    };
  } catch {
    return undefined;
  }
}

/** The children of `pid` from /proc/<pid>/task/<tid>/children; undefined when the kernel has none. */
function readChildren(pid) {
  try {
    const children = [];
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (text !== '') children.push(...text.split(' ').map(Number));
    }
    return children;
  } catch (error) {
    return error?.code === 'ENOENT' && pidExists(pid) ? undefined : [];
  }
}

function pidExists(pid) {
  try {
    readFileSync(`/proc/${pid}/stat`);
    return true;
  } catch {
    return false;
  }
}

let childrenFilesWork = true;

/** `rootPid` and every descendant (Chromium, the Vite build, Lighthouse's Chrome). */
function listProcessTree(rootPid) {
  if (childrenFilesWork) {
    const tree = [rootPid];
    for (let index = 0; index < tree.length && childrenFilesWork; index += 1) {
      const children = readChildren(tree[index]);
      if (children === undefined) childrenFilesWork = false;
      else tree.push(...children);
    }
    if (childrenFilesWork) return tree;
  }
  // Without /proc/<pid>/task/<tid>/children: every process's parent, from /proc/<pid>/stat.
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/u.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat === undefined) continue;
    const list = children.get(stat.parent) ?? [];
    list.push(Number(entry));
    children.set(stat.parent, list);
  }
  const tree = [rootPid];
  for (let index = 0; index < tree.length; index += 1)
    tree.push(...(children.get(tree[index]) ?? []));
  return tree;
}

const kinds = new Map();

/** 'engine' (the measured process), 'browsers' (Chromium's processes) or 'other' (the build, tools). */
function kindOf(pid, rootPid) {
  if (pid === rootPid) return 'engine';
  let kind = kinds.get(pid);
  if (kind === undefined) {
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    } catch {
      // ended
    }
    kind = /chrom|--type=(?:renderer|gpu-process|utility|zygote)/iu.test(command)
      ? 'browsers'
      : 'other';
    kinds.set(pid, kind);
  }
  return kind;
}

const { rootPid, intervalMs } = workerData;
const startedAt = performance.now();
const peaks = {
  processBytes: 0,
  treeBytes: 0,
  treePeakAtMs: 0,
  treePeakByKind: { engine: 0, browsers: 0, other: 0 },
};
// Children's CPU seconds at their last sample, and what they had used before sampling began.
const childCpu = new Map();
const childCpuBefore = new Map();
let first = true;

function sample() {
  const byKind = { engine: 0, browsers: 0, other: 0 };
  let tree = 0;
  for (const pid of listProcessTree(rootPid)) {
    const bytes = readPssBytes(pid);
    tree += bytes;
    byKind[kindOf(pid, rootPid)] += bytes;
    if (pid === rootPid) continue;
    const stat = readStat(pid);
    if (stat === undefined) continue;
    if (first) childCpuBefore.set(pid, stat.cpuSeconds);
    childCpu.set(pid, stat.cpuSeconds);
  }
  first = false;
  // The process's RSS (this thread shares it): what the "engine" column shows.
  try {
    const statm = readFileSync(`/proc/${rootPid}/statm`, 'utf8').split(' ');
    peaks.processBytes = Math.max(peaks.processBytes, Number(statm[1] ?? 0) * PAGE_BYTES);
  } catch {
    // no /proc/<pid>/statm
  }
  if (tree > peaks.treeBytes) {
    peaks.treeBytes = tree;
    peaks.treePeakAtMs = performance.now() - startedAt;
    peaks.treePeakByKind = byKind;
  }
}

function childCpuSeconds() {
  let seconds = 0;
  for (const [pid, used] of childCpu) seconds += used - (childCpuBefore.get(pid) ?? 0);
  return seconds;
}

sample();
const timer = setInterval(sample, intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  sample();
  parentPort.postMessage({ ...peaks, childCpuSeconds: childCpuSeconds() });
});
parentPort.postMessage('ready');
