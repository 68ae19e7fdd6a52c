import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROBE_MARKS } from './probe-marks';

const ENGINE = fileURLToPath(new URL('../..', import.meta.url));
const TABLE = join(ENGINE, 'src', 'measure', 'probe-marks.ts');
const IN_PAGE = join(ENGINE, 'src', 'browser', 'in-page');

/** The engine's source files (tests and fixtures aside: they hold HTML as the probe writes it). */
function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'fixtures' ? [] : listSources(path);
    return /\.(?:ts|js|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

const sources = ['src', 'bench', 'bin', 'scripts'].flatMap((dir) => listSources(join(ENGINE, dir)));
const keys = Object.keys(PROBE_MARKS) as (keyof typeof PROBE_MARKS)[];

describe('PROBE_MARKS', () => {
  it('names every mark once, each a data-sitelift-* attribute', () => {
    const names = Object.values(PROBE_MARKS);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^data-sitelift-[a-z]+(?:-[a-z]+)*$/);
  });

  it('is the only place of the engine that spells a mark out', () => {
    const spelled = sources
      .filter((file) => file !== TABLE && readFileSync(file, 'utf8').includes('data-sitelift-'))
      .map((file) => relative(ENGINE, file));
    expect(spelled).toEqual([]);
  });

  it('has every mark written by the in-page code and read by the Node side', () => {
    const uses = (files: string[], key: string): boolean =>
      files.some((file) => new RegExp(`PROBE_MARKS\\.${key}\\b`).test(readFileSync(file, 'utf8')));
    const inPage = sources.filter((file) => file.startsWith(IN_PAGE + '/'));
    const nodeSide = sources.filter((file) => !file.startsWith(IN_PAGE + '/') && file !== TABLE);
    expect(keys.filter((key) => !uses(inPage, key))).toEqual([]);
    expect(keys.filter((key) => !uses(nodeSide, key))).toEqual([]);
  });
});
