/**
 * runPipeline with previewBase: the real stages (fetch replaced by a fixture site) return a second
 * build for the base as result.preview, while verify's dist and the zip stay exactly as without it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PIPELINE, runPipeline, type PipelineResult } from './pipeline';
import type { EnginePorts } from './ports';
import { bakerySite } from './stages/generate/testing/bakery-site';
import type { LogEvent, RawSite } from './types';

async function run(
  raw: RawSite,
  previewBase: string | undefined,
): Promise<{ result: PipelineResult; logs: LogEvent[] }> {
  const logs: LogEvent[] = [];
  let now = 0;
  const ports: EnginePorts = {
    logger: { log: (event) => logs.push(event) },
    clock: { now: () => (now += 10) },
  };
  const result = await runPipeline(
    {
      url: raw.startUrl,
      strategy: 'FULL_REBUILD',
      screenshots: false,
      loopbackOnly: true,
      ...(previewBase === undefined ? {} : { previewBase }),
    },
    ports,
    { fetch: { ...DEFAULT_PIPELINE.fetch, run: async () => raw } },
  );
  return { result, logs };
}

describe('runPipeline with previewBase', () => {
  let raw: RawSite;
  let withPreview: Awaited<ReturnType<typeof run>>;
  let without: Awaited<ReturnType<typeof run>>;

  beforeAll(async () => {
    raw = await bakerySite();
    withPreview = await run(raw, '/preview/abc/');
    without = await run(raw, undefined);
  });

  it('returns the dist built for the base as result.preview', () => {
    const preview = withPreview.result.preview;
    expect(preview).toBeDefined();
    const index = String(preview!.files['index.html']);
    expect(index).toContain('src="/preview/abc/assets/');
    const team = withPreview.result.plan.pages.find((page) => page.url.endsWith('/team.html'))!;
    const prerendered = String(preview!.files[`${team.route.slice(1)}/index.html`]);
    expect(prerendered).toContain('Marie has baked the sourdough loaves');
    expect(prerendered).toContain('href="/preview/abc/"');
    expect(
      withPreview.logs.some(
        (log) => log.level === 'INFO' && log.message.startsWith('Preview built in'),
      ),
    ).toBe(true);
  });

  it('keeps verify’s dist and the zipped project exactly as without a preview', () => {
    expect(without.result.preview).toBeUndefined();
    const dist = String(withPreview.result.verify.dist!.files['index.html']);
    expect(dist).toContain('src="/assets/');
    expect(dist).not.toContain('/preview/abc/');
    expect(withPreview.result.archive.entries).toEqual(without.result.archive.entries);
    // The zip holds the same project (its report's measured times differ from run to run).
    expect(withPreview.result.tree).toEqual(without.result.tree);
  });

  it('refuses a previewBase that is not a base path', async () => {
    await expect(run(raw, '/preview/abc')).rejects.toMatchObject({
      code: 'ENGINE_PIPELINE_INPUT_INVALID',
    });
  });
});
