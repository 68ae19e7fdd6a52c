import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** A process seen in /proc (Linux only; tests). */
export interface ProcessEntry {
  pid: number;
  /** Its executable, when readable. */
  exe: string | undefined;
  /** Its command line (Chromium's child processes rewrite theirs into one string). */
  commandLine: string;
  /** Its environment variables' names and values, when readable. */
  env: Record<string, string> | undefined;
  /** The Seccomp line of its status: 0 none, 2 a filter (Chromium's sandboxed renderers). */
  seccomp: number | undefined;
}

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Every live descendant of `rootPid` (children, grandchildren...), from /proc. */
export function listDescendants(rootPid: number = process.pid): ProcessEntry[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/u.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    if (stat === undefined) continue;
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    parents.set(Number(name), ppid);
  }
  const isDescendant = (pid: number): boolean => {
    for (
      let parent = parents.get(pid);
      parent !== undefined && parent > 1;
      parent = parents.get(parent)
    )
      if (parent === rootPid) return true;
    return false;
  };
  return [...parents.keys()].filter(isDescendant).map((pid) => {
    let exe: string | undefined;
    try {
      exe = readlinkSync(`/proc/${pid}/exe`);
    } catch {
      exe = undefined;
    }
    const environ = read(`/proc/${pid}/environ`);
    const seccomp = read(`/proc/${pid}/status`)?.match(/^Seccomp:\s+(\d+)/mu)?.[1];
    return {
      pid,
      exe,
      commandLine: (read(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean).join(' '),
      env:
        environ === undefined
          ? undefined
          : Object.fromEntries(
              environ
                .split('\0')
                .filter(Boolean)
                .map((entry) => [
                  entry.slice(0, entry.indexOf('=')),
                  entry.slice(entry.indexOf('=') + 1),
                ]),
            ),
      seccomp: seccomp === undefined ? undefined : Number(seccomp),
    };
  });
}
