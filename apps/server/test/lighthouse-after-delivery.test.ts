import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookLedgerEntry } from '../src/db/credits.repository';
import { projects } from '../src/db/schema';
import {
  finishLighthouse,
  formatLighthouseChange,
  runLighthouseJob,
} from '../src/jobs/measure-lighthouse.job';
import { serveStoredDist } from '../src/jobs/serve-stored-dist';
import { completedProject } from './helpers/preview-fixture';
import {
  createTestApp,
  signUpVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';

// Issue 22 item 5: Lighthouse no longer holds up delivery (decision record 042). The full path (a real
// job, then real Lighthouse runs) is in report-summary.test.ts; here, the parts around it.

const SCORES = {
  before: { performance: 41, accessibility: 70, bestPractices: 60, seo: 80 },
  after: { performance: 98, accessibility: 100, bestPractices: 100, seo: 100 },
};

describe('Lighthouse after delivery', () => {
  let testApp: TestApp;
  let agent: Agent;

  beforeAll(async () => {
    testApp = await createTestApp('pglite', { env: { ALLOW_PRIVATE_URLS: 'true' } });
    agent = await signUpVerified(testApp, uniqueEmail('lighthouse'));
    const userId: string = (await agent.get('/api/me/profile')).json().id;
    // Each test makes a project or two; sign-up gives one credit.
    await bookLedgerEntry(testApp.database.db, {
      userId,
      idempotencyKey: `grant:${userId}`,
      delta: 10,
      reason: 'grant',
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** A completed project waiting for its Lighthouse figures; its id and its job's. */
  async function waitingProject() {
    const id = await completedProject(testApp, agent);
    const [row] = await testApp.database.db.select().from(projects).where(eq(projects.id, id));
    await testApp.database.db
      .update(projects)
      .set({ reportSummary: { ...row!.reportSummary!, lighthouse_status: 'measuring' } })
      .where(eq(projects.id, id));
    return { projectId: id, jobId: row!.jobId! };
  }

  async function logsOf(jobId: string): Promise<string[]> {
    return (await agent.get(`/api/jobs/${jobId}/logs`))
      .json()
      .map((line: { message: string }) => line.message);
  }

  it('serves the stored build on loopback as a host would: routes, shell, gzip, cached assets', async () => {
    const { projectId } = await waitingProject();
    const server = await serveStoredDist(testApp.artifacts, projectId);
    try {
      expect(server.baseUrl).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:\\d+/preview/${projectId}/$`),
      );
      const start = await fetch(server.baseUrl);
      expect(start.status).toBe(200);
      expect(start.headers.get('content-type')).toBe('text/html; charset=utf-8');
      // Built for the site root, so its links are pointed at the base, as the preview does.
      expect(await start.text()).toContain(`src="/preview/${projectId}/assets/app.js"`);
      expect(await (await fetch(new URL('about', server.baseUrl))).text()).toContain(
        'About, prerendered',
      );
      expect(await (await fetch(new URL('contact', server.baseUrl))).text()).toContain('Home');
      // fetch asks for gzip and unpacks it.
      const asset = await fetch(new URL('assets/app.js', server.baseUrl));
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.get('content-encoding')).toBe('gzip');
      expect(await asset.text()).toContain('dataset.ok');
      expect((await fetch(new URL('assets/missing.js', server.baseUrl))).status).toBe(404);
      expect((await fetch(new URL('/elsewhere/', server.baseUrl))).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('joins the figures to the summary, the report and the job log', async () => {
    const { projectId, jobId } = await waitingProject();
    await finishLighthouse(testApp.database.db, { projectId, jobId }, SCORES);
    const project = (await agent.get(`/api/projects/${projectId}`)).json();
    expect(project.status).toBe('completed');
    expect(project.report_summary).toMatchObject({ lighthouse_status: 'done', lighthouse: SCORES });
    expect(await logsOf(jobId)).toContain(
      'Lighthouse of the start page, before → after: performance 41 → 98, accessibility 70 → 100, best practices 60 → 100, SEO 80 → 100.',
    );
    expect(formatLighthouseChange(SCORES)).toContain('SEO 80 → 100');
  });

  it('ends the wait as failed, and says so, when Lighthouse cannot run; the project stays delivered', async () => {
    const { projectId, jobId } = await waitingProject();
    // The fixture stores no report: there is no start page to measure.
    await runLighthouseJob(
      {
        db: testApp.database.db,
        artifacts: testApp.artifacts,
        allowPrivateUrls: true,
        chromePath: undefined,
        logger: pino({ level: 'silent' }),
        signal: new AbortController().signal,
      },
      { projectId, jobId },
    );
    const project = (await agent.get(`/api/projects/${projectId}`)).json();
    expect(project.status).toBe('completed');
    expect(project.report_summary.lighthouse_status).toBe('failed');
    expect(project.report_summary.lighthouse).toBeUndefined();
    expect(await logsOf(jobId)).toEqual(
      expect.arrayContaining([
        'Lighthouse did not run: the report names no start page.',
        'Lighthouse could not be measured for this run. The project itself is not affected.',
      ]),
    );
  });

  it('writes nothing for a run the project has moved on from', async () => {
    const { projectId, jobId } = await waitingProject();
    // A new run took the project (another job id); the old run's figures must not land on it.
    const other = await completedProject(testApp, agent);
    const [otherRow] = await testApp.database.db
      .select()
      .from(projects)
      .where(eq(projects.id, other));
    await testApp.database.db
      .update(projects)
      .set({ jobId: otherRow!.jobId })
      .where(eq(projects.id, projectId));
    await finishLighthouse(testApp.database.db, { projectId, jobId }, SCORES);
    const project = (await agent.get(`/api/projects/${projectId}`)).json();
    expect(project.report_summary.lighthouse_status).toBe('measuring');
    expect(project.report_summary.lighthouse).toBeUndefined();
    expect(await logsOf(jobId)).not.toContainEqual(expect.stringMatching(/^Lighthouse/));
  });

  it('the report route adds figures measured after delivery to the stored report', async () => {
    const { projectId, jobId } = await waitingProject();
    const report = {
      version: 1,
      source_url: 'http://127.0.0.1:9/',
      strategy: 'INCREMENTAL_UPDATE',
      pages: [{ url: 'http://127.0.0.1:9/', route: '/', title: 'Home' }],
      verification: {
        build: { ok: true, ms: 1 },
        text_coverage: 1,
        overflow_375: [],
        console_errors: [],
        broken_images: [],
      },
      not_carried: [],
      timings: {},
    };
    await testApp.artifacts.replaceProjectArtifacts(
      projectId,
      new Map([['report.json', new TextEncoder().encode(JSON.stringify(report))]]),
    );
    expect(
      (await agent.get(`/api/projects/${projectId}/report`)).json().lighthouse,
    ).toBeUndefined();
    await finishLighthouse(testApp.database.db, { projectId, jobId }, SCORES);
    const answered = await agent.get(`/api/projects/${projectId}/report`);
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answered.json()).toEqual({ ...report, lighthouse: SCORES });
  });
});
