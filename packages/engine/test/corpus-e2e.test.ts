import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpusManifest, serveCorpusSite, type CorpusSite } from '../bench/corpus';
import { runPipeline, type PipelineResult } from '../src/pipeline';
import { findUnsoundEntries } from '../src/stages/package/read-zip';
import type { LogEvent } from '../src/types';
import { findVerifyChromePath } from '../src/stages/verify/open-browser';
import type { StaticServer } from '../src/stages/verify/serve-static';

/**
 * End-to-end runs on real corpus sites served on 127.0.0.1: one rendered by JavaScript (speagle-js),
 * one with many pages (modern-business-bs3), one not in English and in windows-1252 (wouter-1998).
 * Each goes through the whole pipeline, its rebuild is built and rendered in Chromium, and every
 * mustKeep snippet of the manifest must be in the rendered rebuild. Runs are loopback-only: the
 * sites' CDN links and trackers never leave the machine.
 */
const SITES = ['speagle-js', 'modern-business-bs3', 'wouter-1998'];

const manifest = readCorpusManifest();
const chromePath = await findVerifyChromePath();
const skipReason =
  manifest === undefined
    ? 'the corpus is missing (set CORPUS_DIR, default ../shared/corpus)'
    : chromePath === undefined
      ? 'Chromium is missing (set CHROME_PATH)'
      : undefined;

if (skipReason !== undefined) {
  describe('corpus end-to-end', () => {
    it.skip(`skipped: ${skipReason}`, () => {});
  });
} else {
  for (const name of SITES) {
    const site = manifest?.find((candidate) => candidate.name === name) as CorpusSite;
    describe.skipIf(site === undefined)(`corpus end-to-end: ${name}`, () => {
      let server: StaticServer;
      let result: PipelineResult;
      const logs: LogEvent[] = [];

      beforeAll(async () => {
        const served = await serveCorpusSite(site);
        server = served.server;
        result = await runPipeline(
          {
            url: served.startUrl,
            strategy: 'INCREMENTAL_UPDATE',
            loopbackOnly: true,
            // Screenshots are covered by verify's own tests; here they would only cost time.
            screenshots: false,
            requiredSnippets: site.mustKeep.map((text) => ({ text })),
          },
          { logger: { log: (event) => logs.push(event) }, clock: { now: () => performance.now() } },
        );
      }, 300_000);

      afterAll(async () => {
        await server?.close();
      });

      it('builds the rebuild and renders every route', () => {
        expect(result.verify.build.ok).toBe(true);
        expect(result.report.pages.length).toBeGreaterThan(site.name === 'speagle-js' ? 5 : 2);
        expect(
          result.verify.consoleErrors.filter((error) =>
            error.message.startsWith('The page did not load'),
          ),
        ).toEqual([]);
      });

      it('keeps every mustKeep snippet of the manifest', () => {
        expect(result.verify.requiredSnippets?.missing).toEqual([]);
        expect(result.report.verification.required_snippets).toEqual({
          kept: site.mustKeep.length,
          total: site.mustKeep.length,
        });
      });

      it('delivers a zip with the report and one route per page', () => {
        expect(result.archive.entries).toContain('sitelift-report.json');
        // Every entry reads back with its CRC (modern-business-bs3 ships Font Awesome's TrueType font).
        expect(findUnsoundEntries(result.archive.zip)).toEqual([]);
        expect(result.archive.entries).toContain('package.json');
        expect(new Set(result.report.pages.map((page) => page.route)).size).toBe(
          result.report.pages.length,
        );
        expect(result.verify.textCoverage).toBeGreaterThan(0.9);
      });

      it('logs every stage', () => {
        for (const stage of ['fetch', 'extract', 'plan', 'generate', 'verify', 'package']) {
          expect(logs.some((event) => event.message.startsWith(`Stage ${stage} done in`))).toBe(
            true,
          );
        }
      });
    });
  }
}
