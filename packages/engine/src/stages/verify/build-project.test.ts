import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SECRET_ENV } from '../../process/secret-env.fixture';
import { buildProject } from './build-project';

describe('buildProject', () => {
  let dir: string;
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sitelift-build-env-'));
    // The build prints the environment it was given, as the generated project's scripts would see it.
    await writeFile(
      path.join(dir, 'package.json'),
      JSON.stringify({
        scripts: {
          build: 'node -e "process.stdout.write(JSON.stringify(process.env))"',
        },
      }),
    );
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // The worker's environment holds the database URL, the signing secret and storage keys.
  beforeEach(() => {
    for (const [name, value] of Object.entries(SECRET_ENV)) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
  });

  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('runs the build with an environment without the worker secrets', async () => {
    const outcome = await buildProject(dir, { base: '/preview/abc/' });
    expect(outcome.ok).toBe(true);
    const printed = outcome.output.slice(outcome.output.indexOf('{'));
    const env = JSON.parse(printed) as Record<string, string>;
    for (const name of Object.keys(SECRET_ENV)) expect(env).not.toHaveProperty(name);
    expect(JSON.stringify(env)).not.toMatch(/password|secret|sk_live|ghp_/iu);
    expect(env).toMatchObject({ NODE_ENV: 'production', BASE_PATH: '/preview/abc/', CI: '1' });
    expect(env.PATH?.split(path.delimiter)[0]).toBe(path.join(dir, 'node_modules', '.bin'));
    expect(env.HOME).toBe(process.env.HOME);
  });
});

describe('buildProject: whileBuilding', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sitelift-build-while-'));
    // Each script notes that it ran in a file; the build takes a moment, as Vite's does.
    const note = (name: string, ms: number) =>
      `node -e "require('fs').appendFileSync('ran.txt', '${name} '); setTimeout(() => {}, ${ms})"`;
    await writeFile(
      path.join(dir, 'package.json'),
      JSON.stringify({
        scripts: {
          prebuild: note('prebuild', 300),
          build: note('build', 300),
          postbuild: note('postbuild', 0),
        },
      }),
    );
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is called once, while the first script runs, before the build ends', async () => {
    const calls: { ranSoFar: string }[] = [];
    let ended = false;
    const outcome = await buildProject(dir, {
      whileBuilding: () => {
        expect(ended).toBe(false);
        calls.push({ ranSoFar: existsSync(path.join(dir, 'ran.txt')) ? 'some' : 'none' });
      },
    });
    ended = true;
    expect(outcome.ok).toBe(true);
    expect(calls).toHaveLength(1);
    // Called as the first script's process started, before it wrote anything.
    expect(calls[0]!.ranSoFar).toBe('none');
    expect(await readFile(path.join(dir, 'ran.txt'), 'utf8')).toBe('prebuild build postbuild ');
  });
});
