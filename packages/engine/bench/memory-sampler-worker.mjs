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

/**
 * The parent pid and CPU seconds of a process: its own (utime + stime, every thread) and those of
 * its children it has waited for (cutime + cstime); undefined when it ended.
 */
function readStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      parent: Number(fields[1]),
      cpuSeconds: (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / TICKS_PER_SECOND,
      reapedCpuSeconds: (Number(fields[13] ?? 0) + Number(fields[14] ?? 0)) / TICKS_PER_SECOND,
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

/**
 * A function from a pid to its children's pids: from /proc/<pid>/task/<tid>/children where the
 * kernel has them, else from every process's parent in /proc/<pid>/stat (read once, now).
 */
function readChildrenOf(rootPid) {
  if (childrenFilesWork && readChildren(rootPid) !== undefined)
    return (pid) => readChildren(pid) ?? [];
  childrenFilesWork = false;
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/u.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat === undefined) continue;
    const list = children.get(stat.parent) ?? [];
    list.push(Number(entry));
    children.set(stat.parent, list);
  }
  return (pid) => children.get(pid) ?? [];
}

/** `rootPid` and every descendant (Chromium, the Vite build, Lighthouse's Chrome). */
function listProcessTree(rootPid) {
  const childrenOf = readChildrenOf(rootPid);
  const tree = [rootPid];
  for (let index = 0; index < tree.length; index += 1) tree.push(...childrenOf(tree[index]));
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
    // A child read between its fork and its exec still shows this process's command: only a
    // browser's kind is final.
    if (kind === 'browsers') kinds.set(pid, kind);
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

/**
 * CPU seconds of the tree by kind since sampling began, exact rather than sampled: a process's
 * total is its own time plus that of the children it has waited for, so a process that ended
 * between two readings (esbuild, a renderer) still counts, in its parent's cutime. Each child of
 * the root stands for its whole subtree; when one ends, the rise of the root's cutime goes to the
 * kinds of the children that ended, in proportion to what they had used.
 */
const cpu = {
  /** The root's own and reaped seconds when sampling began. */
  rootBefore: undefined,
  /** Each live child of the root: its kind, its subtree's seconds at the start and at last reading. */
  children: new Map(),
  /** Seconds of children that ended, by kind. */
  ended: { browsers: 0, other: 0 },
  lastReaped: 0,
};

/** The seconds of `pid` and every live descendant, each counted with what it reaped. */
function subtreeCpuSeconds(pid, childrenOf) {
  let seconds = 0;
  const stack = [pid];
  while (stack.length > 0) {
    const next = stack.pop();
    const stat = readStat(next);
    if (stat !== undefined) seconds += stat.cpuSeconds + stat.reapedCpuSeconds;
    stack.push(...childrenOf(next));
  }
  return seconds;
}

/** The tree's CPU seconds since the first call, by kind: `{ engine, browsers, other }`. */
function readTreeCpu() {
  const root = readStat(rootPid);
  if (root === undefined) return { engine: 0, browsers: 0, other: 0 };
  const first = cpu.rootBefore === undefined;
  if (first) {
    cpu.rootBefore = root;
    cpu.lastReaped = root.reapedCpuSeconds;
  }
  const childrenOf = readChildrenOf(rootPid);
  const direct = childrenOf(rootPid);
  const seen = new Set();
  for (const pid of direct) {
    seen.add(pid);
    const seconds = subtreeCpuSeconds(pid, childrenOf);
    const known = cpu.children.get(pid);
    if (known !== undefined && known.kind !== 'browsers') known.kind = kindOf(pid, rootPid);
    if (known === undefined)
      cpu.children.set(pid, {
        kind: kindOf(pid, rootPid),
        before: first ? seconds : 0,
        last: seconds,
      });
    else known.last = seconds;
  }
  // Children that ended: the root's cutime rose by their totals.
  const reaped = root.reapedCpuSeconds - cpu.lastReaped;
  cpu.lastReaped = root.reapedCpuSeconds;
  const gone = [...cpu.children].filter(([pid]) => !seen.has(pid));
  // A child that started and ended between two readings was never seen: its kind is not known.
  if (gone.length === 0) cpu.ended.other += reaped;
  else {
    const weights = gone.map(([, child]) => Math.max(child.last, 0.01));
    const sum = weights.reduce((total, weight) => total + weight, 0);
    gone.forEach(([pid, child], index) => {
      cpu.ended[child.kind === 'browsers' ? 'browsers' : 'other'] +=
        (reaped * weights[index]) / sum - child.before;
      cpu.children.delete(pid);
    });
  }
  const byKind = {
    engine: root.cpuSeconds - cpu.rootBefore.cpuSeconds,
    browsers: cpu.ended.browsers,
    other: cpu.ended.other,
  };
  for (const child of cpu.children.values())
    byKind[child.kind === 'browsers' ? 'browsers' : 'other'] += child.last - child.before;
  return byKind;
}

/** CPU readings taken when the run said so (a stage's start and end), in order. */
const marks = [];

function sample() {
  // Every sample reads the CPU too, so that each child is seen (and its kind known) before it ends.
  readTreeCpu();
  const byKind = { engine: 0, browsers: 0, other: 0 };
  let tree = 0;
  for (const pid of listProcessTree(rootPid)) {
    const bytes = readPssBytes(pid);
    tree += bytes;
    byKind[kindOf(pid, rootPid)] += bytes;
  }
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

sample();
const timer = setInterval(sample, intervalMs);
parentPort.on('message', (message) => {
  if (typeof message === 'object' && message !== null && message.mark !== undefined) {
    marks.push({ label: message.mark, atMs: performance.now() - startedAt, cpu: readTreeCpu() });
    return;
  }
  if (message !== 'stop') return;
  clearInterval(timer);
  sample();
  parentPort.postMessage({ ...peaks, cpu: readTreeCpu(), marks });
});
parentPort.postMessage('ready');
