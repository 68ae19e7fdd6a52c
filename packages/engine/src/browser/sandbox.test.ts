import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium';
import { findBrowser } from './find-browser';
import { listDescendants } from './process-tree.fixture';
import { decideSandbox } from './sandbox';

const ENGINE_DIR = path.resolve(import.meta.dirname, '../..');
const CHILD = path.join(import.meta.dirname, 'sandbox-child.fixture.ts');
const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;
const hasBrowser = (await findBrowser()).browser !== undefined;

function readSysctl(name: string): string | undefined {
  try {
    return readFileSync(`/proc/sys/${name}`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Whether this kernel lets an unprivileged user create the user namespaces Chromium's sandbox uses. */
const kernelAllowsUserNamespaces =
  process.platform === 'linux' &&
  Number(readSysctl('user/max_user_namespaces') ?? '0') > 0 &&
  readSysctl('kernel/unprivileged_userns_clone') !== '0' &&
  readSysctl('kernel/apparmor_restrict_unprivileged_userns') !== '1';

describe('decideSandbox', () => {
  it('never sandboxes as root, without trying a start', async () => {
    let tried = false;
    const check = await decideSandbox({
      isRoot: true,
      launchSandboxed: async () => {
        tried = true;
      },
    });
    expect(check).toEqual({ sandbox: false, reason: expect.stringContaining('root') });
    expect(tried).toBe(false);
  });

  it('sandboxes when a sandboxed start works', async () => {
    expect(await decideSandbox({ isRoot: false, launchSandboxed: async () => {} })).toEqual({
      sandbox: true,
    });
  });

  it('falls back when the sandboxed start fails, and says why', async () => {
    const check = await decideSandbox({
      isRoot: false,
      launchSandboxed: () => Promise.reject(new Error('No usable sandbox!\nmore lines')),
    });
    expect(check).toEqual({
      sandbox: false,
      reason: 'a sandboxed start failed (No usable sandbox!)',
    });
  });
});

describe.skipIf(process.platform !== 'linux' || !hasBrowser)(
  'the sandbox in a real Chromium',
  () => {
    it.skipIf(!isRoot)(
      'as root: runs without the sandbox, reports it and warns (renderers have no seccomp filter)',
      async () => {
        const { browser, warnings } = await findBrowser();
        expect(browser?.sandbox).toBe(false);
        expect(warnings.join('\n')).toMatch(/Chromium runs without its sandbox: .*root/u);
        const chrome = await launchChromium();
        try {
          const page = await chrome.newPage();
          await page.setContent('<p>x</p>');
          const renderers = listDescendants().filter((entry) =>
            entry.commandLine.includes('--type=renderer'),
          );
          expect(renderers.length).toBeGreaterThan(0);
          expect(renderers.every((entry) => entry.seccomp === 0)).toBe(true);
        } finally {
          await chrome.close();
        }
      },
    );

    describe.skipIf(isRoot && !existsSync('/usr/bin/setpriv'))('as an unprivileged user', () => {
      let home: string;

      beforeAll(async () => {
        home = await mkdtemp(path.join(os.tmpdir(), 'sitelift-sandbox-home-'));
        if (isRoot) await chown(home, NOBODY, NOBODY);
      });

      afterAll(async () => {
        await rm(home, { recursive: true, force: true });
      });

      it('runs pages sandboxed where the kernel allows it: every renderer under a seccomp filter', async () => {
        // As root the check runs as "nobody" (setpriv): Chromium never sandboxes for root.
        const command = [process.execPath, '--import', 'tsx', CHILD];
        const [file, ...args] = isRoot
          ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', ...command]
          : command;
        const stdout = await new Promise<string>((resolve, reject) => {
          execFile(
            file!,
            args,
            {
              cwd: ENGINE_DIR,
              env: {
                PATH: process.env.PATH ?? '/usr/bin:/bin',
                HOME: home,
                TMPDIR: os.tmpdir(),
                ...(process.env.CHROME_PATH ? { CHROME_PATH: process.env.CHROME_PATH } : {}),
              },
              timeout: 90_000,
            },
            (error, out, err) =>
              error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out),
          );
        });
        const result = JSON.parse(stdout) as {
          sandbox: boolean;
          warnings: string[];
          text: string;
          rendererSeccomp: number[];
        };
        expect(result.text).toBe('rendered');
        expect(result.rendererSeccomp.length).toBeGreaterThan(0);
        if (kernelAllowsUserNamespaces) {
          expect(result).toMatchObject({ sandbox: true, warnings: [] });
          expect(result.rendererSeccomp.every((mode) => mode === 2)).toBe(true);
        } else {
          // The kernel refuses: the fallback is taken and said.
          expect(result.sandbox).toBe(false);
          expect(result.warnings.join('\n')).toContain('Chromium runs without its sandbox');
        }
      });
    });
  },
);
