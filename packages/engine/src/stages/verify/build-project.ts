import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { buildChildEnv } from '../../process/build-child-env';

/** The outcome of a generated project's build. */
export interface BuildOutcome {
  ok: boolean;
  ms: number;
  /** The build's error output (its last lines) when it failed. */
  error?: string;
  /** Everything the build printed, for the job log. */
  output: string;
}

const MAX_ERROR_CHARS = 4000;

/**
 * Runs one package.json script the way npm does on POSIX (`sh -c`, node_modules/.bin first on PATH).
 * Hand-written on purpose, not @npmcli/run-script (npm's own runner): that one always spreads
 * `process.env` into the child's environment, and a generated project's build script is untrusted
 * code that must see only buildChildEnv's allow-list, never DATABASE_URL or AUTH_SECRET. It also
 * runs the script in a process group of its own, so a timeout or a cancelled job kills the whole tree.
 */
function runScript(
  script: string,
  cwd: string,
  options: { signal?: AbortSignal; timeoutMs: number; base?: string; onStarted?: () => void },
): Promise<{ code: number | null; output: string; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const binDir = path.join(cwd, 'node_modules', '.bin');
    // The project's scripts run with this process's Node first on PATH (like `npm run` does with
    // the Node that runs npm), so `vite` and `node scripts/prerender.mjs` use a Node that Vite supports.
    // Only allow-listed variables are inherited: a build script is untrusted code, and this process
    // holds DATABASE_URL, AUTH_SECRET and storage keys (Vite would also bake any VITE_* into the bundle).
    const env = buildChildEnv({
      PATH: [binDir, path.dirname(process.execPath), process.env.PATH ?? ''].join(path.delimiter),
      NODE_ENV: 'production',
      FORCE_COLOR: '0',
      NO_COLOR: '1',
      CI: '1',
      // Generated projects read BASE_PATH in vite.config as Vite's `base`; never inherited from
      // this process's environment.
      BASE_PATH: options.base ?? '/',
    });
    const child = spawn('sh', ['-c', script], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    const append = (chunk: Buffer) => {
      // Some tools colour their code frames even with NO_COLOR: keep the log and the report plain text.
      output += stripVTControlCharacters(chunk.toString('utf8'));
      if (output.length > 200_000) output = output.slice(-100_000);
    };
    child.stdout.on('data', append);
    child.stderr.on('data', append);
    let timedOut = false;
    const kill = () => {
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    options.signal?.addEventListener('abort', kill, { once: true });
    if (child.pid !== undefined) options.onStarted?.();
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', kill);
      resolve({ code, output, timedOut });
    });
  });
}

/**
 * Runs the project's own build exactly as `npm run build` would: `prebuild`, `build` and `postbuild`
 * scripts from its package.json, in its folder, with its node_modules/.bin on PATH. `base` builds it
 * for a sub-path (e.g. '/preview/abc/'): passed as BASE_PATH, which generated projects' vite.config
 * uses as Vite's `base`.
 */
export async function buildProject(
  dir: string,
  options: {
    signal?: AbortSignal;
    timeoutMs?: number;
    now?: () => number;
    base?: string;
    /**
     * Called once, as soon as the first script's process runs: the build works in processes of its
     * own, so this process's thread is free for a while (verify gives memory back then).
     */
    whileBuilding?: () => void;
  } = {},
): Promise<BuildOutcome> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  let scripts: Record<string, string> = {};
  try {
    const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    };
    scripts = manifest.scripts ?? {};
  } catch (error) {
    return {
      ok: false,
      ms: now() - started,
      error: `package.json is missing or invalid: ${String(error)}`,
      output: '',
    };
  }
  if (scripts.build === undefined) {
    return {
      ok: false,
      ms: now() - started,
      error: 'package.json has no "build" script',
      output: '',
    };
  }
  let output = '';
  let whileBuilding = options.whileBuilding;
  for (const name of ['prebuild', 'build', 'postbuild']) {
    const script = scripts[name];
    if (script === undefined) continue;
    const result = await runScript(script, dir, {
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? 180_000,
      base: options.base,
      onStarted: () => {
        const call = whileBuilding;
        whileBuilding = undefined;
        call?.();
      },
    });
    output += `> ${name}: ${script}\n${result.output}`;
    if (result.code !== 0) {
      const reason = result.timedOut
        ? `"${name}" timed out`
        : options.signal?.aborted
          ? `"${name}" was cancelled`
          : `"${name}" exited with code ${String(result.code)}`;
      return {
        ok: false,
        ms: now() - started,
        error: `${reason}: ${result.output.trim().slice(-MAX_ERROR_CHARS)}`,
        output,
      };
    }
  }
  return { ok: true, ms: now() - started, output };
}
