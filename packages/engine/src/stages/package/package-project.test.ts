import { strFromU8, unzipSync } from 'fflate';
import { siteliftReportSchema } from '@sitelift/shared/schemas/report';
import { afterEach, describe, expect, it } from 'vitest';
import { buildMinimalProject } from '../../../test/fixtures/minimal-project.fixture';
import type { FileTree, SiteliftReport, VerifyReport } from '../../types';
import { packageProject, REPORT_FILE, toArchiveFolder } from './package-project';
import { toSiteliftReport } from './to-sitelift-report';

const VERIFY: VerifyReport = {
  build: { ok: true, ms: 812.4, error: undefined },
  textCoverage: 0.987654,
  requiredSnippets: { kept: 3, total: 3, missing: [] },
  overflow375: [],
  consoleErrors: [{ route: '/about', message: 'boom' }],
  brokenImages: [],
  missingText: [{ route: '/about', text: 'x' }],
  screenshots: { 'after/index-desktop.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) },
};

function buildReport(): SiteliftReport {
  return toSiteliftReport({
    sourceUrl: 'http://old.example/',
    strategy: 'INCREMENTAL_UPDATE',
    pages: [{ url: 'http://old.example/', route: '/', title: 'Home' }],
    verify: VERIFY,
    notCarried: [
      { kind: 'script', what: 'counter.js', page: 'http://old.example/', reason: 'Tracker' },
    ],
    timings: { fetch: 1200.6, verify: 3000 },
  });
}

describe('toSiteliftReport', () => {
  it('has the DESIGN.md §4 shape with snake_case keys', () => {
    const report = buildReport();
    expect(report).toEqual({
      version: 1,
      source_url: 'http://old.example/',
      strategy: 'INCREMENTAL_UPDATE',
      pages: [{ url: 'http://old.example/', route: '/', title: 'Home' }],
      verification: {
        build: { ok: true, ms: 812.4 },
        text_coverage: 0.9877,
        required_snippets: { kept: 3, total: 3 },
        overflow_375: [],
        console_errors: [{ route: '/about', message: 'boom' }],
        broken_images: [],
      },
      not_carried: [
        { kind: 'script', what: 'counter.js', page: 'http://old.example/', reason: 'Tracker' },
      ],
      timings: { fetch: 1201, verify: 3000 },
    });
  });

  it('is what the shared report schema (the one the web reads it with) accepts, unchanged', () => {
    const report = { ...buildReport(), lighthouse: { before: SCORES, after: SCORES } };
    expect(siteliftReportSchema.parse(report)).toEqual(report);
  });
});

const SCORES = { performance: 97, accessibility: 100, bestPractices: 96, seo: 100 };

describe('packageProject', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  function shuffled(tree: FileTree): FileTree {
    return { files: Object.fromEntries(Object.entries(tree.files).reverse()) };
  }

  it('writes the files in sorted path order, with the report and the screenshots', async () => {
    const tree = buildMinimalProject();
    const archive = await packageProject(shuffled(tree), buildReport(), {
      screenshots: VERIFY.screenshots,
    });
    const expected = [
      ...Object.keys(tree.files),
      REPORT_FILE,
      'sitelift-report/screenshots/after/index-desktop.png',
    ].sort();
    expect(archive.entries).toEqual(expected);
    const unzipped = unzipSync(archive.zip);
    expect(Object.keys(unzipped)).toEqual(expected);
    expect(JSON.parse(strFromU8(unzipped[REPORT_FILE]!))).toEqual(buildReport());
    expect(strFromU8(unzipped['src/index.css']!)).toBe('@import "tailwindcss";\n');
    expect([...unzipped['public/pixel.png']!]).toEqual([
      ...(tree.files['public/pixel.png'] as Uint8Array),
    ]);
    expect([...unzipped['sitelift-report/screenshots/after/index-desktop.png']!]).toEqual([
      ...VERIFY.screenshots['after/index-desktop.png']!,
    ]);
  });

  it('puts every entry in one folder named after the project when asked', async () => {
    const tree = buildMinimalProject();
    const archive = await packageProject(tree, buildReport(), { rootFolder: 'Old Bakery / 1998' });
    expect(archive.entries.every((entry) => entry.startsWith('Old Bakery - 1998/'))).toBe(true);
    const unzipped = unzipSync(archive.zip);
    expect(Object.keys(unzipped)).toContain(`Old Bakery - 1998/${REPORT_FILE}`);
    expect(strFromU8(unzipped['Old Bakery - 1998/src/index.css']!)).toBe(
      '@import "tailwindcss";\n',
    );
  });

  it('makes folder names every file system takes', () => {
    expect(toArchiveFolder('Café <Müller>: "Menu"?')).toBe('Café -Müller- -Menu-');
    expect(toArchiveFolder('  ..hidden.  ')).toBe('hidden');
    expect(toArchiveFolder('a\u0000b\tc')).toBe('a-b-c');
    expect(toArchiveFolder('CON')).toBe('project');
    expect(toArchiveFolder('///')).toBe('project');
    expect(toArchiveFolder('x'.repeat(200))).toHaveLength(80);
  });

  it('gives byte-identical zips for the same input, whatever the time zone and file order', async () => {
    const tree = buildMinimalProject();
    process.env.TZ = 'UTC';
    const first = await packageProject(tree, buildReport());
    process.env.TZ = 'Pacific/Kiritimati';
    const second = await packageProject(shuffled(tree), buildReport());
    expect(Buffer.from(second.zip).equals(Buffer.from(first.zip))).toBe(true);
  });

  it('refuses a path that leaves the project', async () => {
    await expect(
      packageProject({ files: { '../evil.txt': 'x' } }, buildReport()),
    ).rejects.toMatchObject({
      code: 'ENGINE_PACKAGE_FAILED',
    });
  });
});
