import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PIPELINE, runPipeline, type PipelineInput } from '@sitelift/engine';
import { z } from 'zod';
import { createAiClient } from '../../../packages/engine/src/ai/client';
import {
  startFakeOpenAiServer,
  type FakeProviderServer,
} from '../../../packages/engine/src/ai/testing';
import { bookLedgerEntry, getCreditBalance } from '../src/db/credits.repository';
import { jobs } from '../src/db/schema';
import type { RunPipeline } from '../src/jobs/modernize-site.job';
import { startFixtureSite, type FixtureSite } from './helpers/fixture-site';
import {
  createTestApp,
  signUpVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

// A job with the user's own model (issue 25): the worker resolves it, hands the engine its `ai`
// input (the key decrypted, a cache folder, the budget and the price), stores what the report says
// the model spent and shows it on the project; a spent monthly budget runs the next job offline.

const ENGINE_OPTIONS = { loopbackOnly: true, fetchOptions: { respectRobots: false } };
const KEY = 'sk-user-own-key-abcdefghijklmnop';
const FAILS_AFTER_THE_MODEL = 'Fails after the model';

/**
 * The real engine; when its report has no `ai` section (an engine without the model stages wired
 * into its pipeline), one real call through the engine's client to the fake server stands in for
 * them, so what the worker stores comes from real SDK traffic either way. With the stages wired,
 * the engine's own report is what the assertions read.
 */
function withModel(seen: PipelineInput[]): RunPipeline {
  return async (input, ports) => {
    seen.push(input);
    // A project of this name fails in generate, after the model was asked (every attempt).
    const result = await runPipeline(
      input,
      ports,
      input.projectName === FAILS_AFTER_THE_MODEL
        ? {
            generate: {
              ...DEFAULT_PIPELINE.generate,
              run: () => Promise.reject(new Error('The generator ran out of disk space.')),
            },
          }
        : {},
    );
    if (input.ai && !result.report.ai) {
      const client = createAiClient(input.ai, { logger: ports.logger });
      await client.call({
        task: 'describe',
        schema: z.object({ description: z.string() }),
        system: 'Describe the page.',
        prompt: 'One sentence.',
      });
      result.report.ai = { ...client.summary(), patches: [], written: [] };
    }
    return result;
  };
}

async function waitForJob(agent: Agent, jobId: string) {
  return vi.waitFor(
    async () => {
      const job = (await agent.get(`/api/jobs/${jobId}`)).json();
      if (job.status !== 'COMPLETED' && job.status !== 'FAILED') throw new Error(job.status);
      return job;
    },
    { timeout: 150_000, interval: 250 },
  );
}

describe.each(TEST_DATABASE_KINDS)('jobs with a model on %s', (kind) => {
  let testApp: TestApp;
  let site: FixtureSite;
  let fake: FakeProviderServer;
  let owner: Agent;
  let ownerId: string;
  const seen: PipelineInput[] = [];

  beforeAll(async () => {
    site = await startFixtureSite();
    fake = await startFakeOpenAiServer({
      apiKey: KEY,
      fallback: { json: { description: 'A bicycle shop.' }, usage: { input: 1200, output: 300 } },
    });
    testApp = await createTestApp(kind, {
      env: {
        ALLOW_PRIVATE_URLS: 'true',
        // One job's 1,500 tokens leave less than a job's least budget (1,000) of the month.
        AI_MONTHLY_TOKENS: '2000',
        AI_PRICES: '{"fake-vision":{"input":1,"output":2}}',
      },
    });
    owner = await signUpVerified(testApp, uniqueEmail('ai-job'));
    ownerId = (await owner.get('/api/me/profile')).json().id;
    await bookLedgerEntry(testApp.database.db, {
      userId: ownerId,
      idempotencyKey: `grant:${ownerId}:ai`,
      delta: 1,
      reason: 'grant',
    });
    const saved = await owner.request({
      method: 'PUT',
      url: '/api/me/ai-settings',
      json: {
        provider: 'openai-compatible',
        model: 'fake-vision',
        base_url: fake.baseUrl,
        api_key: KEY,
      },
    });
    expect(saved.statusCode).toBe(200);
    await testApp.startWorker({ engineOptions: ENGINE_OPTIONS, runPipeline: withModel(seen) });
  });
  afterAll(async () => {
    await testApp?.close();
    await site?.close();
    await fake?.close();
  });

  const create = (name: string, extra: Record<string, unknown> = {}) =>
    owner.post('/api/projects', {
      name,
      sourceUrl: `${site.url}/shop/`,
      modernizationStrategy: 'INCREMENTAL_UPDATE',
      targetFramework: 'React',
      ...extra,
    });

  it("runs with the user's own model and stores its tokens and cost on the job and the project", async () => {
    // The project says no to model-written descriptions and alt text; the rest of the AI still runs.
    const created = await create('With a model', { aiAdditions: false });
    expect(created.statusCode).toBe(201);
    expect(created.json().ai_additions).toBe(false);
    const { id: projectId, job_id: jobId } = created.json();
    expect((await waitForJob(owner, jobId)).status).toBe('COMPLETED');

    const input = seen.at(-1)!;
    expect(input.ai).toMatchObject({
      provider: 'openai-compatible',
      model: 'fake-vision',
      apiKey: KEY,
      baseUrl: fake.baseUrl,
      maxTokens: 2000,
      price: { input: 1, output: 2 },
      cacheDir: expect.stringContaining('ai-cache'),
      // The user's own endpoint: every connection passes the SSRF guard.
      guarded: true,
      additions: false,
    });
    expect(fake.requests.some((request) => request.headers.authorization === `Bearer ${KEY}`)).toBe(
      true,
    );

    // What the run's report says the model spent is what the job, the card and the month keep.
    const report = (await owner.get(`/api/projects/${projectId}/report`)).json();
    const ai = report.ai as { tokens_in: number; tokens_out: number; cost_usd: number | null };
    expect(ai.tokens_in).toBeGreaterThanOrEqual(1200);
    expect(ai.tokens_in % 1200).toBe(0);
    const cost = ai.tokens_in * 1e-6 + ai.tokens_out * 2e-6;
    expect(ai.cost_usd).toBeCloseTo(cost, 6);
    const [row] = await testApp.database.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(row).toMatchObject({
      aiProvider: 'openai-compatible',
      aiModel: 'fake-vision',
      aiTokensIn: ai.tokens_in,
      aiTokensOut: ai.tokens_out,
    });
    expect(row!.aiCostUsd).toBeCloseTo(cost, 6);

    const project = (await owner.get(`/api/projects/${projectId}`)).json();
    expect(project.report_summary.ai).toEqual({
      provider: 'openai-compatible',
      model: 'fake-vision',
      tokens_in: ai.tokens_in,
      tokens_out: ai.tokens_out,
      cost_usd: expect.closeTo(cost, 6),
      patches_kept: expect.any(Number),
      patches_total: expect.any(Number),
    });
    const logs = (await owner.get(`/api/jobs/${jobId}/logs`)).json() as { message: string }[];
    const text = logs.map((log) => log.message).join('\n');
    expect(text).toContain(
      'AI: openai-compatible / fake-vision (your own model), up to 2,000 tokens',
    );
    expect(text).toContain(
      `AI: ${ai.tokens_in.toLocaleString('en-US')} tokens in, ${ai.tokens_out.toLocaleString('en-US')} out, about $${cost.toFixed(4)}`,
    );
    expect(text).not.toContain(KEY);

    const settings = (await owner.get('/api/me/ai-settings')).json();
    expect(settings.usage).toMatchObject({ tokens: ai.tokens_in + ai.tokens_out, budget: 2000 });
  });

  it('counts the tokens of a failed job against the month and refunds its credit', async () => {
    // Another user with the same model: the first user's month is not touched.
    const other = await signUpVerified(testApp, uniqueEmail('ai-job-failed'));
    const otherId = (await other.get('/api/me/profile')).json().id as string;
    await bookLedgerEntry(testApp.database.db, {
      userId: otherId,
      idempotencyKey: `grant:${otherId}:ai`,
      delta: 1,
      reason: 'grant',
    });
    const saved = await other.request({
      method: 'PUT',
      url: '/api/me/ai-settings',
      json: {
        provider: 'openai-compatible',
        model: 'fake-vision',
        base_url: fake.baseUrl,
        api_key: KEY,
      },
    });
    expect(saved.statusCode).toBe(200);
    const callsBefore = fake.requests.length;
    const balanceBefore = await getCreditBalance(testApp.database.db, otherId);
    const created = await other.post('/api/projects', {
      name: FAILS_AFTER_THE_MODEL,
      sourceUrl: `${site.url}/shop/`,
      modernizationStrategy: 'INCREMENTAL_UPDATE',
      targetFramework: 'React',
    });
    expect(created.statusCode).toBe(201);
    const { job_id: jobId } = created.json();
    const job = await waitForJob(other, jobId);
    expect(job.status).toBe('FAILED');
    // Every attempt asked; the retries answered from the first one's cache (no new request).
    const asked = fake.requests.length - callsBefore;
    expect(asked).toBeGreaterThan(0);
    const [row] = await testApp.database.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(row!.attempts).toBeGreaterThan(1);
    expect(row).toMatchObject({
      aiProvider: 'openai-compatible',
      aiModel: 'fake-vision',
      aiTokensIn: asked * 1200,
      aiTokensOut: asked * 300,
    });
    expect(row!.aiCostUsd).toBeCloseTo(asked * (1200 * 1e-6 + 300 * 2e-6), 6);
    const settings = (await other.get('/api/me/ai-settings')).json();
    expect(settings.usage).toMatchObject({ tokens: asked * 1500, budget: 2000 });
    expect(await getCreditBalance(testApp.database.db, otherId)).toBe(balanceBefore);
    const logs = (await other.get(`/api/jobs/${jobId}/logs`)).json() as { message: string }[];
    const text = logs.map((log) => log.message).join('\n');
    expect(text).toContain(`AI: ${(asked * 1200).toLocaleString('en-US')} tokens in`);
    expect(text).toContain('The generator ran out of disk space.');
    expect(text).not.toContain(KEY);
  });

  it('runs the next job offline once the month’s budget is spent, says why, and charges one credit', async () => {
    const calls = fake.requests.length;
    const balanceBefore = await getCreditBalance(testApp.database.db, ownerId);
    const created = await create('Budget spent');
    // A project lets the model write what the site lacks unless it says otherwise.
    expect(created.json().ai_additions).toBe(true);
    const { id: projectId, job_id: jobId } = created.json();
    expect((await waitForJob(owner, jobId)).status).toBe('COMPLETED');
    expect(seen.at(-1)!.ai).toBeUndefined();
    expect(fake.requests.length).toBe(calls);
    const logs = (await owner.get(`/api/jobs/${jobId}/logs`)).json() as { message: string }[];
    expect(logs.map((log) => log.message).join('\n')).toMatch(
      /This month's AI budget is spent \([\d,]+ of 2,000 tokens\): the rebuild runs without the model\./,
    );
    const project = (await owner.get(`/api/projects/${projectId}`)).json();
    expect(project.report_summary.ai).toBeUndefined();
    expect(await getCreditBalance(testApp.database.db, ownerId)).toBe(balanceBefore - 1);
  });
});
