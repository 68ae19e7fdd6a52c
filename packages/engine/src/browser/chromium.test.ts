import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_ENV } from '../process/secret-env.fixture';
import { launchChromium } from './chromium';
import { findBrowser } from './find-browser';
import { listDescendants } from './process-tree.fixture';

const { browser: found } = await findBrowser();

describe.skipIf(process.platform !== 'linux' || found === undefined)(
  'launchChromium: the environment of the browser',
  () => {
    const saved: Record<string, string | undefined> = {};

    beforeAll(() => {
      // The worker's environment holds the database URL, the signing secret and storage keys.
      for (const [name, value] of Object.entries(SECRET_ENV)) {
        saved[name] = process.env[name];
        process.env[name] = value;
      }
    });

    afterAll(() => {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });

    it('holds none of the worker secrets, in any of its processes', async () => {
      const chrome = await launchChromium();
      try {
        const page = await chrome.newPage();
        await page.setContent('<p>x</p>');
        const processes = listDescendants().filter((entry) => entry.exe === found!.path);
        expect(processes.some((entry) => entry.commandLine.includes('--type=renderer'))).toBe(true);
        for (const entry of processes) {
          if (entry.env === undefined) continue;
          for (const name of Object.keys(SECRET_ENV)) expect(entry.env).not.toHaveProperty(name);
        }
        const main = processes.find((entry) => !entry.commandLine.includes('--type='));
        expect(main?.env).toMatchObject({ PATH: process.env.PATH, HOME: process.env.HOME });
      } finally {
        await chrome.close();
      }
    });
  },
);
