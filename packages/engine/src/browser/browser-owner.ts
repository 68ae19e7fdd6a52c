import { spawn } from 'node:child_process';

/**
 * The variable every browser the product starts carries in its environment (and every process the
 * browser starts in turn): the pid of the Node process that owns it. Operators and tests find a
 * product's browsers by it (/proc/<pid>/environ) and can tell whether their owner is still alive.
 */
export const BROWSER_OWNER_VARIABLE = 'SITELIFT_BROWSER_OWNER';

/** The owner mark for a browser's environment (see buildChildEnv's overrides). */
export function browserOwnerEnv(): Record<string, string> {
  return { [BROWSER_OWNER_VARIABLE]: String(process.pid) };
}

// $1: the owner's pid, $2: the browser's process group. Polls the owner once a second; when it is
// gone (ended, killed, crashed), kills the whole group: the browser and every process it started.
const WATCHDOG_SCRIPT =
  'while kill -0 "$1" 2>/dev/null; do sleep 1; done; kill -KILL -- "-$2" 2>/dev/null; kill -KILL "$2" 2>/dev/null';

/**
 * Makes the browser whose process group is `processGroup` (a detached launch: chrome-launcher starts
 * Chrome as the leader of its own group) end with this process, crash included: a small detached
 * shell watches this process and kills the group when it is gone. A graceful end calls the returned
 * stop() after killing the browser itself. No-op on Windows (no process groups to kill).
 */
export function endWithThisProcess(processGroup: number | undefined): () => void {
  if (process.platform === 'win32' || processGroup === undefined) return () => {};
  const watchdog = spawn(
    '/bin/sh',
    ['-c', WATCHDOG_SCRIPT, 'sitelift-browser-watchdog', String(process.pid), String(processGroup)],
    { detached: true, stdio: 'ignore', env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
  );
  // Without /bin/sh the browser still ends with its job (its finally); only a crash leaves it.
  watchdog.on('error', () => {});
  watchdog.unref();
  return () => {
    if (watchdog.exitCode === null && watchdog.signalCode === null) watchdog.kill('SIGKILL');
  };
}
