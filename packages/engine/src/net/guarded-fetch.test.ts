import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAiClient } from '../ai/client';
import { startFakeOpenAiServer, type FakeProviderServer } from '../ai/testing';
import { startTestServer, type TestServer } from '../stages/fetch/test-server.fixture';
import { guardedFetch } from './guarded-agent';

let site: TestServer;
let model: FakeProviderServer;

beforeAll(async () => {
  site = await startTestServer({ '/v1/ping': { body: 'pong' } });
  model = await startFakeOpenAiServer({ script: [{ json: { ok: true } }] });
});

afterAll(async () => {
  await site.close();
  await model.close();
});

describe('guardedFetch', () => {
  it('refuses a private address at connect time, and lets it through when private URLs are allowed', async () => {
    await expect(guardedFetch()(`${site.origin}/v1/ping`)).rejects.toThrow();
    expect(site.requests).toEqual([]);
    const allowed = await guardedFetch({ allowPrivateUrls: true })(`${site.origin}/v1/ping`);
    expect(await allowed.text()).toBe('pong');
  });

  it("keeps a user's model client from reaching a private endpoint, with a note and no request", async () => {
    const config = {
      provider: 'openai-compatible' as const,
      model: 'local',
      baseUrl: model.baseUrl,
      maxTokens: 10_000,
      maxRounds: 1,
      timeoutMs: 5_000,
      concurrency: 1,
      additions: true,
      disabled: [],
      guarded: true,
    };
    const schema = z.object({ ok: z.boolean() });
    const request = { task: 'describe' as const, schema, system: 's', prompt: 'p' };
    const refused = await createAiClient(config, { fetch: guardedFetch() }).call(request);
    expect(refused.ok).toBe(false);
    expect(model.requests).toHaveLength(0);
    const allowed = createAiClient(config, { fetch: guardedFetch({ loopbackOnly: true }) });
    const answer = await allowed.call(request);
    expect(answer).toMatchObject({ ok: true, value: { ok: true } });
    expect(model.requests).toHaveLength(1);
  });
});
