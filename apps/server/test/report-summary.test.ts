import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runPipeline, type PipelineInput } from '@sitelift/engine';
import { projectListResponseSchema } from '@sitelift/shared/schemas/project';
import { siteliftReportSchema, type SiteliftReport } from '@sitelift/shared/schemas/report';
import { ConfigError, parseConfig } from '../src/config';
import { bookLedgerEntry } from '../src/db/credits.repository';
import type { RunPipeline } from '../src/jobs/modernize-site.job';
import { startFixtureSite, type FixtureSite } from './helpers/fixture-site';
import {
  createTestApp,
  REPO_ROOT,
  signUpVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';

// Issue 12 item 5: what the dashboard card and the report view read from a finished job — the overall
// fidelity score and the screenshot names in the project's report_summary — and Lighthouse after every
// job unless LIGHTHOUSE=off (issue 22: after delivery, not before it).

const ENGINE_OPTIONS = { loopbackOnly: true, fetchOptions: { respectRobots: false } };

const MEASURED: NonNullable<SiteliftReport['fidelity']> = {
  overall: { block: 0.97, text: 0.99, position: 0.91, color: 0.88, visual: 0.84 },
  routes: [],
  identity: [{ check: 'site_name', ok: true, found: 'Van Dijk Fietsen' }],
  never_worse: [{ check: 'picture_twice', ok: true, found: 'none on 1 page' }],
};

describe('LIGHTHOUSE configuration', () => {
  const parse = (env: Record<string, string>) => parseConfig(env, { repoRoot: REPO_ROOT });

  it('is on by default and off with LIGHTHOUSE=off (or false/0)', () => {
    expect(parse({}).jobs.lighthouse).toBe(true);
    expect(parse({ LIGHTHOUSE: 'on' }).jobs.lighthouse).toBe(true);
    expect(parse({ LIGHTHOUSE: 'off' }).jobs.lighthouse).toBe(false);
    expect(parse({ LIGHTHOUSE: 'false' }).jobs.lighthouse).toBe(false);
    expect(parse({ LIGHTHOUSE: '0' }).jobs.lighthouse).toBe(false);
  });

  it('refuses other values, naming the variable', () => {
    expect(() => parse({ LIGHTHOUSE: 'sometimes' })).toThrow(ConfigError);
    expect(() => parse({ LIGHTHOUSE: 'sometimes' })).toThrow(/LIGHTHOUSE must be on or off/);
  });
});

describe('a finished job, as the dashboard card and the report view read it', () => {
  let testApp: TestApp;
  let site: FixtureSite;
  let agent: Agent;
  const inputs: PipelineInput[] = [];
  // The real engine; its report gets the fidelity C1's verify measures when it does not carry it yet.
  const recorded: RunPipeline = async (input, ports) => {
    inputs.push(input);
    const result = await runPipeline(input, ports);
    return {
      ...result,
      report: { ...result.report, fidelity: result.report.fidelity ?? MEASURED },
    };
  };

  beforeAll(async () => {
    site = await startFixtureSite();
    // The test helper turns Lighthouse off; this suite runs the product's default (on).
    testApp = await createTestApp('pglite', {
      env: { ALLOW_PRIVATE_URLS: 'true', LIGHTHOUSE: 'on' },
    });
    agent = await signUpVerified(testApp, uniqueEmail('card'));
    const userId: string = (await agent.get('/api/me/profile')).json().id;
    // Sign-up gives one credit; this suite runs two jobs.
    await bookLedgerEntry(testApp.database.db, {
      userId,
      idempotencyKey: `grant:${userId}`,
      delta: 1,
      reason: 'grant',
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await site?.close();
  });

  /**
   * Runs one job to its end; with `until`, keeps the worker (and so its Lighthouse consumer) running
   * until the project satisfies it.
   */
  async function runJob(
    name: string,
    jobs: { lighthouse: boolean },
    until?: (project: { report_summary?: { lighthouse_status?: string } | null }) => boolean,
  ) {
    const worker = await testApp.startWorker({
      engineOptions: ENGINE_OPTIONS,
      runPipeline: recorded,
      jobs,
    });
    try {
      const created = await agent.post('/api/projects', {
        name,
        sourceUrl: `${site.url}/shop/?run=${encodeURIComponent(name)}`,
        modernizationStrategy: 'STYLE_MODERNIZATION',
        targetFramework: 'React',
      });
      expect(created.statusCode, created.body).toBe(201);
      const id: string = created.json().id;
      let completedAs: { report_summary?: { lighthouse_status?: string } | null } | undefined;
      await vi.waitFor(
        async () => {
          const project = (await agent.get(`/api/projects/${id}`)).json();
          if (project.status !== 'completed' && project.status !== 'failed') {
            throw new Error(`still ${project.status}`);
          }
          completedAs ??= project;
          if (until && !until(project)) throw new Error('still waiting');
        },
        { timeout: 170_000, interval: 250 },
      );
      return { id, completedAs };
    } finally {
      await worker.stop();
    }
  }

  it('stores the overall fidelity and the screenshots; Lighthouse follows delivery by default', async () => {
    const { id, completedAs } = await runJob(
      'Measured',
      { lighthouse: testApp.config.jobs.lighthouse },
      (project) => project.report_summary?.lighthouse_status !== 'measuring',
    );
    // The pipeline no longer runs Lighthouse: the project is delivered without waiting for it.
    expect(inputs.at(-1)?.lighthouse).toBe(false);

    const report = siteliftReportSchema.parse(
      (await agent.get(`/api/projects/${id}/report`)).json(),
    );
    const list = projectListResponseSchema.parse((await agent.get('/api/projects')).json());
    const card = list.items.find((item) => item.id === id);
    expect(card?.status).toBe('completed');
    // The report route passes the "never worse" checks through, each with what was found.
    expect(report.fidelity?.never_worse?.length).toBeGreaterThan(0);
    // The card's score is the report's overall fidelity, carried by the list.
    expect(card?.report_summary?.fidelity).toEqual(report.fidelity?.overall);
    // Every page's before/after at both widths, by the names the screenshot route serves.
    expect(card?.report_summary?.screenshots).toEqual(
      expect.arrayContaining([
        'after/index-desktop.webp',
        'after/index-mobile.webp',
        'before/index-desktop.webp',
        'before/index-mobile.webp',
      ]),
    );
    const shot = await agent.get(`/api/projects/${id}/screenshots/before/index-mobile.webp`);
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['content-type']).toBe('image/webp');

    // Lighthouse before/after of the start page, measured after delivery (decision record 042): the
    // project was completed first, and the log says so in that order.
    expect(completedAs?.report_summary?.lighthouse_status).toMatch(/^(measuring|done)$/);
    expect(card?.report_summary?.lighthouse_status).toBe('done');
    expect(report.lighthouse?.before.performance).toEqual(expect.any(Number));
    expect(report.lighthouse?.after.seo).toBeGreaterThan(0);
    expect(card?.report_summary?.lighthouse?.after).toEqual(report.lighthouse?.after);
    const jobId: string = (await agent.get(`/api/projects/${id}`)).json().job_id;
    const messages: string[] = (await agent.get(`/api/jobs/${jobId}/logs`))
      .json()
      .map((line: { message: string }) => line.message);
    const completedAt = messages.findIndex((message) =>
      message.startsWith('Modernization completed'),
    );
    const beforeAt = messages.findIndex((message) => message.startsWith('Lighthouse before:'));
    expect(completedAt).toBeGreaterThanOrEqual(0);
    expect(beforeAt).toBeGreaterThan(completedAt);
    expect(messages).toContain('Lighthouse after: /');
    expect(messages.at(-1)).toMatch(
      /^Lighthouse of the start page, before → after: performance \d+ → \d+, accessibility \d+ → \d+, best practices \d+ → \d+, SEO \d+ → \d+\.$/,
    );
  }, 180_000);

  it('does not run Lighthouse with LIGHTHOUSE=off', async () => {
    const { id } = await runJob('Unmeasured', { lighthouse: false });
    expect(inputs.at(-1)?.lighthouse).toBe(false);
    expect((await agent.get(`/api/projects/${id}`)).json().status).toBe('completed');
    const report = siteliftReportSchema.parse(
      (await agent.get(`/api/projects/${id}/report`)).json(),
    );
    expect(report.lighthouse).toBeUndefined();
    const project = (await agent.get(`/api/projects/${id}`)).json();
    expect(project.report_summary.lighthouse).toBeUndefined();
    expect(project.report_summary.lighthouse_status).toBeUndefined();
    expect(project.report_summary.fidelity).toEqual(report.fidelity?.overall);
  }, 180_000);
});
