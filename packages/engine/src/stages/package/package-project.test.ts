import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { siteliftReportSchema } from '@sitelift/shared/schemas/report';
import { afterEach, describe, expect, it } from 'vitest';
import { getCorpusDir } from '../../../bench/corpus';
import { buildMinimalProject } from '../../../test/fixtures/minimal-project.fixture';
import type { FileTree, SiteliftReport, VerifyReport } from '../../types';
import { packageProject, REPORT_FILE, toArchiveFolder } from './package-project';
import { findUnsoundEntries, readZipEntries } from './read-zip';
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

/**
 * 700 bytes of table-like binary (records with back-references, as in a font's glyph tables) for
 * which fflate's streaming Deflate (ZipDeflate, 0.8.3) writes a distance beyond the data: unzip
 * tools read other bytes back and report a CRC error (found by search over seeds).
 */
function deflateTrigger(): Uint8Array {
  let seed = 38;
  const next = (): number => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed >>> 16;
  };
  const out = new Uint8Array(700);
  for (let i = 0; i < out.length; i++) {
    const k = next();
    out[i] = k % 7 === 0 && i > 300 ? out[i - 1 - (k % 300)]! : k % 3 === 0 ? 0 : k & 0x3f;
  }
  return out;
}

/** The corpus's font files (relative to the corpus folder); none without the corpus. */
const corpusFonts = ((): string[] => {
  try {
    return readdirSync(getCorpusDir(), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(?:ttf|otf|eot|woff2?)$/iu.test(file))
      .sort();
  } catch {
    return [];
  }
})();

function buildReport(): SiteliftReport {
  return toSiteliftReport({
    sourceUrl: 'http://old.example/',
    strategy: 'INCREMENTAL_UPDATE',
    pages: [{ url: 'http://old.example/', route: '/', title: 'Home' }],
    verify: VERIFY,
    notCarried: [
      { kind: 'script', what: 'counter.js', page: 'http://old.example/', reason: 'Tracker' },
      {
        kind: 'page',
        what: 'http://old.example/broken.html',
        page: 'http://old.example/broken.html',
        reason: 'The page could not be read: The site answered 500 (Internal Server Error).',
      },
    ],
    notRead: [
      {
        url: 'http://old.example/broken.html',
        reason: 'error',
        detail: 'The site answered 500 (Internal Server Error).',
      },
      { url: 'http://old.example/archive/2.html', reason: 'over_limit' },
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
      // A page not read is listed once, in not_rebuilt, not again as a page not carried.
      not_carried: [
        { kind: 'script', what: 'counter.js', page: 'http://old.example/', reason: 'Tracker' },
      ],
      not_rebuilt: [
        {
          url: 'http://old.example/broken.html',
          reason: 'error',
          detail: 'The site answered 500 (Internal Server Error).',
        },
        { url: 'http://old.example/archive/2.html', reason: 'over_limit' },
      ],
      timings: { fetch: 1201, verify: 3000 },
    });
  });

  it('lists dead links and the links kept pointing at the original (issue 24)', () => {
    const report = toSiteliftReport({
      sourceUrl: 'http://old.example/',
      strategy: 'INCREMENTAL_UPDATE',
      pages: [{ url: 'http://old.example/', route: '/', title: 'Home' }],
      verify: { ...VERIFY, deadLinks: { count: 1, links: [{ route: '/', href: '/gone' }] } },
      notCarried: [],
      notRead: [],
      linksToOriginal: [{ route: '/', url: 'http://old.example/manual.html' }],
      timings: {},
    });
    expect(report.verification.dead_links).toEqual({
      count: 1,
      links: [{ route: '/', href: '/gone' }],
    });
    expect(report.links_to_original).toEqual([
      { route: '/', url: 'http://old.example/manual.html' },
    ]);
    expect(siteliftReportSchema.parse(report)).toEqual(report);
  });

  it('is what the shared report schema (the one the web reads it with) accepts, unchanged', () => {
    const report = { ...buildReport(), lighthouse: { before: SCORES, after: SCORES } };
    expect(siteliftReportSchema.parse(report)).toEqual(report);
  });

  it('says how many routes verify screenshotted, of how many, and whether it sampled them', () => {
    const report = toSiteliftReport({
      sourceUrl: 'http://old.example/',
      strategy: 'INCREMENTAL_UPDATE',
      pages: [{ url: 'http://old.example/', route: '/', title: 'Home' }],
      verify: { ...VERIFY, rendered: { routes: 40, of: 200, sampled: true } },
      notCarried: [],
      notRead: [],
      timings: {},
    });
    expect(report.verification.rendered).toEqual({ routes: 40, of: 200, sampled: true });
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

  it("puts every entry in one folder named by the project's slug when asked", async () => {
    const tree = buildMinimalProject();
    const archive = await packageProject(tree, buildReport(), { rootFolder: 'Old Bakery / 1998' });
    expect(archive.entries.every((entry) => entry.startsWith('old-bakery-1998/'))).toBe(true);
    const unzipped = unzipSync(archive.zip);
    expect(Object.keys(unzipped)).toContain(`old-bakery-1998/${REPORT_FILE}`);
    expect(strFromU8(unzipped['old-bakery-1998/src/index.css']!)).toBe('@import "tailwindcss";\n');
  });

  it('names the folder with a slug: no spaces, nothing a file system or shell refuses', () => {
    expect(toArchiveFolder('Café <Müller>: "Menu"?')).toBe('cafe-muller-menu');
    expect(toArchiveFolder('  ..hidden.  ')).toBe('hidden');
    expect(toArchiveFolder('a\u0000b\tc')).toBe('a-b-c');
    expect(toArchiveFolder('和菓子 本舗')).toBe('和菓子-本舗');
    expect(toArchiveFolder('CON')).toBe('project');
    expect(toArchiveFolder('///')).toBe('project');
    expect(toArchiveFolder('x'.repeat(200))).toHaveLength(80);
  });

  it('dates every entry when it was packaged, not 1980 or another fixed day', async () => {
    const before = Date.now();
    const archive = await packageProject(buildMinimalProject(), buildReport());
    const dates = readZipEntries(archive.zip).map((entry) => entry.mtime.getTime());
    expect(dates.length).toBeGreaterThan(3);
    // DOS times count in 2 s steps.
    for (const date of dates) {
      expect(date).toBeGreaterThanOrEqual(before - 2_000);
      expect(date).toBeLessThanOrEqual(Date.now());
    }
  });

  it('gives byte-identical zips for the same input and time, whatever the file order', async () => {
    const tree = buildMinimalProject();
    const mtime = new Date(2026, 10, 26, 12, 30, 0);
    const first = await packageProject(tree, buildReport(), { mtime });
    const second = await packageProject(shuffled(tree), buildReport(), { mtime });
    expect(Buffer.from(second.zip).equals(Buffer.from(first.zip))).toBe(true);
  });

  it("writes entries whose bytes match their CRC (data that fflate's streaming deflate broke)", async () => {
    const tree = buildMinimalProject();
    const font = deflateTrigger();
    tree.files['public/fonts/icons.ttf'] = font;
    const archive = await packageProject(tree, buildReport());
    const entries = readZipEntries(archive.zip);
    expect(entries.map((entry) => entry.name)).toContain('public/fonts/icons.ttf');
    expect(findUnsoundEntries(archive.zip)).toEqual([]);
    expect([...unzipSync(archive.zip)['public/fonts/icons.ttf']!]).toEqual([...font]);
  });

  it.skipIf(corpusFonts.length === 0)(
    'writes every font of the corpus with a sound CRC (Font Awesome TrueType fonts broke)',
    async () => {
      const files: Record<string, Uint8Array> = {};
      for (const file of corpusFonts)
        files[`public/${file}`] = new Uint8Array(readFileSync(path.join(getCorpusDir(), file)));
      const archive = await packageProject({ files }, buildReport());
      expect(readZipEntries(archive.zip).length).toBe(corpusFonts.length + 1);
      expect(findUnsoundEntries(archive.zip)).toEqual([]);
    },
  );

  it('refuses a path that leaves the project', async () => {
    await expect(
      packageProject({ files: { '../evil.txt': 'x' } }, buildReport()),
    ).rejects.toMatchObject({
      code: 'ENGINE_PACKAGE_FAILED',
    });
  });
});
