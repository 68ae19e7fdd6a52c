import { spawn } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { browserOwnerEnv, endWithThisProcess } from '../../browser/browser-owner';
import { toChromeLauncherFlags } from '../../browser/chromium';
import { findBrowser } from '../../browser/find-browser';
import { WEBRTC_PROXIED_ONLY_ARGS } from '../../browser/guarded-routing';
import type { GuardOptions } from '../../net/assert-public-url';
import { startGuardedProxy } from '../../net/guarded-proxy';
import { buildChildEnv } from '../../process/build-child-env';
import type { LighthouseScores } from '../../types';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Options of {@link runLighthouse}. */
export interface LighthouseOptions {
  chromePath?: string;
  /**
   * What the audited page may reach (default: public addresses only). Lighthouse drives its own
   * Chromium, which has no request hook: every connection it makes goes through a local forward proxy
   * that checks the host with this guard and connects to the address it checked (decision record 012).
   */
  guard?: GuardOptions;
  /** Called for each connection the guard refused (for the job log). */
  onRefused?: (target: string, reason: string) => void;
  /** Ends the run: its Chrome is stopped and the call rejects. */
  signal?: AbortSignal;
}

/**
 * Runs Lighthouse (its default mobile profile with simulated throttling) on `url` in a fresh headless
 * Chromium and returns the four category scores (0-100). Heavy (6-13 s): run one at a time.
 */
export async function runLighthouse(
  url: string,
  options: LighthouseOptions = {},
): Promise<LighthouseScores> {
  const { browser } = await findBrowser({ chromePath: options.chromePath });
  if (browser === undefined)
    throw new Error('Lighthouse needs Chromium, and none was found (set CHROME_PATH).');
  // Imported lazily: Lighthouse is large and most runs do not ask for it.
  const [{ Launcher }, { default: lighthouse }] = await Promise.all([
    import('chrome-launcher'),
    import('lighthouse'),
  ]);
  const proxy = await startGuardedProxy({ ...options.guard, onRefused: options.onRefused });
  // chrome-launcher starts Chrome detached (a process group of its own): a worker that crashed or was
  // killed left it running (issue 22). The watchdog starts the moment Chrome is spawned, not once its
  // port answers (seconds later under load), so no window is left.
  let stopWatchdog = () => {};
  const chrome = new Launcher(
    {
      chromePath: browser.path,
      // Sandboxed unless this process cannot use the sandbox; an environment without secrets.
      chromeFlags: toChromeLauncherFlags(browser.sandbox, [
        '--disable-dev-shm-usage',
        ...proxy.chromiumArgs,
        ...WEBRTC_PROXIED_ONLY_ARGS,
      ]),
      envVars: buildChildEnv(browserOwnerEnv()),
      logLevel: 'silent',
    },
    {
      spawn: ((...args: Parameters<typeof spawn>) => {
        const child = spawn(...args);
        stopWatchdog = endWithThisProcess(child.pid);
        return child;
      }) as typeof spawn,
    },
  );
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      chrome.kill();
      stopWatchdog();
      await proxy.close();
    })();
    return stopping;
  };
  const onAbort = () => void stop();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    options.signal?.throwIfAborted();
    await chrome.launch();
  } catch (error) {
    options.signal?.removeEventListener('abort', onAbort);
    await stop();
    throw error;
  }
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'silent',
      onlyCategories: [...CATEGORIES],
      // Pictures of the page no category scores (issue 12, peak memory): the full-page screenshot
      // and the filmstrip are large base64 strings held in the heap with the trace while the
      // report is made; the bench peaked at 1548 MB with them.
      disableFullPageScreenshot: true,
      skipAudits: ['screenshot-thumbnails', 'final-screenshot'],
    });
    if (result === undefined) throw new Error(`Lighthouse returned no result for ${url}`);
    const { categories, runtimeError } = result.lhr;
    if (runtimeError !== undefined) throw new Error(`Lighthouse: ${runtimeError.message}`);
    const score = (id: (typeof CATEGORIES)[number]) =>
      Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    };
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    await stop();
    collectGarbage();
    options.signal?.throwIfAborted();
  }
}

/**
 * A full garbage collection after a run (issue 12, peak memory): a run leaves a few hundred MB of
 * trace and artifacts behind as garbage, and V8 grows the heap on top of it for the next run instead
 * of collecting it first (the start page's "after" run peaked at 650 MB of heap over the "before"
 * run's leftovers). `gc` is exposed only for the call, in a context of its own.
 */
function collectGarbage(): void {
  try {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
  } catch {
    // a runtime without the flag: V8 collects when it decides to
  }
}
