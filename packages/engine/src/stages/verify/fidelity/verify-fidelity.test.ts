import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMinimalProject,
  MINIMAL_PAGES,
} from '../../../../test/fixtures/minimal-project.fixture';
import { isPng } from '../../../../test/fixtures/is-png';
import type { SiteIdentity } from '../../../model';
import type { LogEvent, VerifyReport } from '../../../types';
import { toSiteliftReport } from '../../package/to-sitelift-report';
import { findVerifyChromePath } from '../open-browser';
import { verifyProject } from '../verify-project';
import { siteliftReportSchema } from '@sitelift/shared/schemas/report';

const hasChromium = (await findVerifyChromePath()) !== undefined;

/** The original of the minimal project: the same words, an older look. */
const ORIGINALS: Record<string, string> = {
  '/index.html': `<!doctype html><html><head><title>Example Bakery</title></head>
    <body style="margin:0;font-family:Georgia,serif;background:#fdf6e3">
    <div style="background:#6b3e26;color:#fff;padding:20px"><a href="/index.html" style="color:#fff">Example Bakery</a>
      <a href="/about.html" style="color:#fff;margin-left:20px">About</a></div>
    <div style="padding:40px"><h1>Welcome to Example Bakery</h1><p>Fresh bread every morning since 1987.</p></div>
    </body></html>`,
  '/about.html': `<!doctype html><html><head><title>About</title></head>
    <body style="margin:0;font-family:Georgia,serif;background:#fdf6e3">
    <div style="background:#6b3e26;color:#fff;padding:20px"><a href="/index.html" style="color:#fff">Example Bakery</a></div>
    <div style="padding:40px"><h1>About us</h1><p>We bake with flour, water and time.</p><p>Our ovens run on wood.</p></div>
    </body></html>`,
};

describe.skipIf(!hasChromium)('verifyProject measures fidelity against the original', () => {
  let server: Server;
  let report: VerifyReport;
  const logs: LogEvent[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const html = ORIGINALS[request.url ?? ''];
      response.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html' });
      response.end(html ?? 'Not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const identity: SiteIdentity = {
      name: 'Example Bakery',
      nameSource: 'brand',
      title: 'Example Bakery',
      description: '',
      language: 'en',
      colors: {},
      fonts: {},
    };
    report = await verifyProject(
      buildMinimalProject(),
      {
        pages: MINIMAL_PAGES.map((page) => ({
          ...page,
          url: `${origin}${new URL(page.url).pathname}`,
        })),
        screenshots: true,
        lighthouse: false,
        identity,
      },
      {
        logger: { log: (event) => logs.push(event) },
        clock: { now: () => Date.now() },
      },
      { loopbackOnly: true },
    );
  }, 180_000);

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it('scores every route on the same words highly for text, and reports it', () => {
    const fidelity = report.fidelity!;
    expect(fidelity.routes.map((route) => route.route)).toEqual(['/', '/about']);
    for (const route of fidelity.routes) {
      expect(route.text).toBeGreaterThan(0.9);
      expect(route.block).toBeGreaterThan(0.3);
      for (const score of [route.block, route.position, route.color, route.visual]) {
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
      }
      expect(route.worstSections.length).toBeGreaterThan(0);
    }
    expect(fidelity.identity).toEqual([
      {
        check: 'site_name',
        ok: true,
        found: '"Example Bakery" from brand',
        expected:
          'a name read from the site (og:site_name, logo, brand or title), not a host or a control label',
      },
    ]);
    expect(logs.some((event) => event.message.startsWith('Fidelity over 2 routes: block'))).toBe(
      true,
    );
  });

  it('keeps crops of the least similar sections with the screenshots, named in the report', () => {
    const named = report.fidelity!.routes.flatMap((route) =>
      route.worstSections.flatMap((section) =>
        section.crops === undefined ? [] : [section.crops.before, section.crops.after],
      ),
    );
    expect(named.length).toBeGreaterThanOrEqual(2);
    for (const name of named) {
      expect(name).toMatch(/^(before|after)\/(index|about)-(desktop|mobile)-section-\d\.png$/u);
      expect(isPng(report.screenshots[name]!)).toBe(true);
    }
    const sitelift = toSiteliftReport({
      sourceUrl: 'http://old.example/',
      strategy: 'INCREMENTAL_UPDATE',
      pages: [],
      verify: report,
      notCarried: [],
      notRead: [],
      timings: {},
    });
    expect(siteliftReportSchema.parse(sitelift).fidelity?.routes).toHaveLength(2);
  });
});
