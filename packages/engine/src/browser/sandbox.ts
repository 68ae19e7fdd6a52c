import { chromium } from 'playwright-core';
import { buildChildEnv } from '../process/build-child-env';
import { CHROMIUM_ARGS } from './chromium-args';

/** Whether Chromium's sandbox is used for a binary, and why not. */
export interface SandboxCheck {
  sandbox: boolean;
  /** Why the sandbox is off (when it is). */
  reason?: string;
}

/** What {@link decideSandbox} needs to know about this process and the binary. */
export interface SandboxProbe {
  /** True when this process runs as root (Chromium then refuses its sandbox). */
  isRoot: boolean;
  /** Starts the binary with its sandbox and renders a page; rejects when that fails. */
  launchSandboxed(): Promise<void>;
}

const PROBE_TIMEOUT_MS = 20_000;

/**
 * Decides whether to sandbox: never as root (Chromium refuses, https://crbug.com/638180); otherwise only
 * when a sandboxed start really works, since the kernel or its policy may deny the user namespaces the
 * sandbox needs (sysctls such as kernel.unprivileged_userns_clone, user.max_user_namespaces or
 * Ubuntu's apparmor_restrict_unprivileged_userns), which only a real start reveals.
 */
export async function decideSandbox(probe: SandboxProbe): Promise<SandboxCheck> {
  if (probe.isRoot) {
    return {
      sandbox: false,
      reason: 'this process runs as root, and Chromium refuses its sandbox for root',
    };
  }
  try {
    await probe.launchSandboxed();
    return { sandbox: true };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    return { sandbox: false, reason: `a sandboxed start failed (${message})` };
  }
}

async function launchSandboxed(executablePath: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    chromiumSandbox: true,
    args: [...CHROMIUM_ARGS],
    env: buildChildEnv(),
    timeout: PROBE_TIMEOUT_MS,
  });
  try {
    // The renderer is what the sandbox confines: a page must really render.
    const page = await browser.newPage();
    await page.setContent('<p>sandboxed</p>', { timeout: PROBE_TIMEOUT_MS });
  } finally {
    await browser.close();
  }
}

function isRootProcess(): boolean {
  return process.platform !== 'win32' && process.geteuid?.() === 0;
}

const checks = new Map<string, Promise<SandboxCheck>>();

/**
 * Whether `executablePath` runs sandboxed in this process: decided once per binary (a sandboxed test
 * start when not root) and remembered for the life of the process.
 */
export function checkSandbox(executablePath: string): Promise<SandboxCheck> {
  let check = checks.get(executablePath);
  if (check === undefined) {
    check = decideSandbox({
      isRoot: isRootProcess(),
      launchSandboxed: () => launchSandboxed(executablePath),
    });
    checks.set(executablePath, check);
  }
  return check;
}

/** The warning an operator sees (log, /api/health) when pages run without the sandbox. */
export function toSandboxWarning(check: SandboxCheck): string | undefined {
  if (check.sandbox) return undefined;
  return `Chromium runs without its sandbox: ${check.reason ?? 'unknown reason'}. A page that exploits the browser would run with this process's rights (its secrets are kept out of the browser's environment). Run Sitelift as a non-root user on a kernel that allows unprivileged user namespaces.`;
}
