import { chromium, type Browser } from 'playwright-core';
import { buildChildEnv } from '../process/build-child-env';
import { browserOwnerEnv } from './browser-owner';
import { assertAllowedChromiumArgs, CHROMIUM_ARGS } from './chromium-args';
import { findBrowser } from './find-browser';
import { checkSandbox } from './sandbox';

export { CHROMIUM_ARGS } from './chromium-args';

/**
 * The Chromium binary to use: `explicitPath` when given (undefined if it is not executable), else
 * CHROME_PATH, else an installed Chrome/Chromium/Edge, else the npm-shipped Chromium (see findBrowser).
 */
export async function findChromePath(explicitPath?: string): Promise<string | undefined> {
  return (await findBrowser({ chromePath: explicitPath })).browser?.path;
}

/** Options of launchChromium. */
export interface LaunchChromiumOptions {
  /** The binary; default findChromePath(). */
  executablePath?: string;
  /** Extra arguments after CHROMIUM_ARGS (never --no-sandbox, --disable-web-security, --single-process...). */
  args?: string[];
  /** Launch timeout in milliseconds (default 30 s). */
  timeoutMs?: number;
}

/**
 * Launches headless Chromium through playwright-core (never downloads a browser): sandboxed unless
 * this process cannot use the sandbox (see checkSandbox), with an environment without secrets.
 */
export async function launchChromium(options: LaunchChromiumOptions = {}): Promise<Browser> {
  const args = [...CHROMIUM_ARGS, ...(options.args ?? [])];
  assertAllowedChromiumArgs(args);
  const executablePath = options.executablePath ?? (await findChromePath());
  if (!executablePath) {
    throw new Error(
      'No Chromium found: set CHROME_PATH, install Chromium, or reinstall the npm packages (@sparticuz/chromium).',
    );
  }
  const { sandbox } = await checkSandbox(executablePath);
  return chromium.launch({
    executablePath,
    headless: true,
    // Playwright adds --no-sandbox unless this is true.
    chromiumSandbox: sandbox,
    args,
    // Playwright talks to it over a pipe: it ends when this process does, crash included.
    env: buildChildEnv(browserOwnerEnv()),
    timeout: options.timeoutMs ?? 30_000,
  });
}

/**
 * Flags for a Chromium that chrome-launcher starts (Lighthouse): headless, CHROMIUM_ARGS, `extra`, and
 * --no-sandbox only when the sandbox cannot be used. Start it with `envVars: buildChildEnv()`.
 */
export function toChromeLauncherFlags(sandbox: boolean, extra: readonly string[] = []): string[] {
  const flags = ['--headless=new', ...CHROMIUM_ARGS, ...extra];
  assertAllowedChromiumArgs(flags);
  return sandbox ? flags : [...flags, '--no-sandbox'];
}
