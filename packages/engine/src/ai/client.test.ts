import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { LogEvent } from '../types';
import { AI_PRICES, createAiClient, priceFor, strictCompatible, testAiConnection } from './client';
import {
  anthropicImages,
  anthropicText,
  googleImages,
  googleText,
  openAiImages,
  openAiText,
  startFakeAnthropicServer,
  startFakeGoogleServer,
  startFakeOpenAiServer,
  type FakeProviderServer,
  type FakeServerOptions,
} from './testing';

const KEY = 'sk-test-SECRET-0123456789abcdef';
const schema = z.object({ title: z.string().min(3), count: z.number().int() });
const request = {
  task: 'design' as const,
  schema,
  system: 'You answer in JSON.',
  prompt: 'Give a title and a count.',
};

const servers: FakeProviderServer[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(
    folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })),
  );
});

async function openAi(options: FakeServerOptions): Promise<FakeProviderServer> {
  const server = await startFakeOpenAiServer({ apiKey: KEY, ...options });
  servers.push(server);
  return server;
}

function logs(): { events: LogEvent[]; logger: { log(event: LogEvent): void } } {
  const events: LogEvent[] = [];
  return { events, logger: { log: (event) => events.push(event) } };
}

function openAiClient(
  server: FakeProviderServer,
  extra: Record<string, unknown> = {},
  logger?: { log(event: LogEvent): void },
) {
  return createAiClient(
    {
      provider: 'openai',
      model: 'gpt-4o-mini',
      apiKey: KEY,
      baseUrl: server.baseUrl,
      timeoutMs: 5000,
      ...extra,
    },
    { logger },
  );
}

describe('createAiClient against a fake OpenAI server (real @ai-sdk/openai)', () => {
  it('returns a checked answer with its usage, sends the key and the image', async () => {
    const server = await openAi({
      script: [{ json: { title: 'Hello', count: 3 }, usage: { input: 1000, output: 200 } }],
    });
    const client = openAiClient(server);
    const image = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
    const result = await client.call({
      ...request,
      images: [{ data: image, mediaType: 'image/png' }],
    });
    expect(result).toMatchObject({
      ok: true,
      value: { title: 'Hello', count: 3 },
      usage: { input: 1000, output: 200 },
      cached: false,
    });
    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0]!;
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(openAiImages(sent)[0]).toBe(
      `data:image/png;base64,${Buffer.from(image).toString('base64')}`,
    );
    expect((sent.body as { response_format?: { type?: string } }).response_format?.type).toBe(
      'json_schema',
    );
    const summary = client.summary();
    expect(summary).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o-mini',
      calls: { total: 1, cached: 0, failed: 0 },
      tokens_in: 1000,
      tokens_out: 200,
    });
    // gpt-4o-mini: $0.15 in, $0.60 out per million.
    expect(summary.cost_usd).toBeCloseTo((1000 * 0.15 + 200 * 0.6) / 1e6, 9);
  });

  it('asks once more with the exact validation error, then takes the fixed answer', async () => {
    const server = await openAi({
      script: [{ json: { title: 'Hi', count: 2 } }, { json: { title: 'Hello', count: 2 } }],
    });
    const result = await openAiClient(server).call(request);
    expect(result).toMatchObject({ ok: true, value: { title: 'Hello', count: 2 } });
    expect(server.requests).toHaveLength(2);
    const retry = openAiText(server.requests[1]!);
    expect(retry).toContain('at title');
    expect(retry).toMatch(/>=3 characters|at least 3|too small/i);
  });

  it("fails as 'invalid' when the second answer is not JSON either", async () => {
    const server = await openAi({ script: [{ text: 'not json' }, { text: 'still { not json' }] });
    const client = openAiClient(server);
    const result = await client.call(request);
    expect(result).toMatchObject({ ok: false, reason: 'invalid' });
    expect(server.requests).toHaveLength(2);
    expect(openAiText(server.requests[1]!)).toContain('not valid JSON');
    expect(client.summary()).toMatchObject({ calls: { total: 1, failed: 1 } });
    expect(client.summary().notes.join(' ')).toContain('offline result was kept');
  });

  it('waits out a 429 (Retry-After) and then answers', async () => {
    const server = await openAi({
      script: [{ status: 429, retryAfter: 1 }, { json: { title: 'Hello', count: 1 } }],
    });
    const started = Date.now();
    const result = await openAiClient(server).call(request);
    expect(result.ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
  });

  it("gives up on 500s after a bounded number of attempts ('server_error')", async () => {
    const server = await openAi({ fallback: { status: 500 } });
    const result = await openAiClient(server, { timeoutMs: 20_000 }).call(request);
    expect(result).toMatchObject({ ok: false, reason: 'server_error' });
    expect(server.requests).toHaveLength(4);
  });

  it("stops a stalled answer at timeoutMs ('timeout')", async () => {
    const server = await openAi({ script: [{ stall: true }] });
    const started = Date.now();
    const result = await openAiClient(server, { timeoutMs: 1000 }).call(request);
    const elapsed = Date.now() - started;
    expect(result).toMatchObject({ ok: false, reason: 'timeout' });
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(3000);
  });

  it("skips calls once the budget is spent ('over_budget', a note, no request)", async () => {
    const server = await openAi({
      script: [{ json: { title: 'Hello', count: 1 }, usage: { input: 900, output: 200 } }],
    });
    const client = openAiClient(server, { maxTokens: 1000 });
    expect((await client.call(request)).ok).toBe(true);
    expect(client.allows('design')).toBe(false);
    const second = await client.call({ ...request, prompt: 'another question' });
    expect(second).toMatchObject({ ok: false, reason: 'over_budget' });
    expect(server.requests).toHaveLength(1);
    expect(client.summary().notes.some((note) => note.includes('token budget'))).toBe(true);
    expect(client.summary().calls).toEqual({ total: 2, cached: 0, failed: 1 });
  });

  it('stops calling a model that failed three times in a row', async () => {
    const server = await openAi({ fallback: { status: 503 } });
    const client = openAiClient(server, { timeoutMs: 1000 });
    for (let index = 0; index < 3; index += 1) {
      expect(await client.call({ ...request, prompt: `question ${index}` })).toMatchObject({
        ok: false,
        reason: 'server_error',
      });
    }
    const seen = server.requests.length;
    expect(client.allows('design')).toBe(false);
    expect(await client.call({ ...request, prompt: 'question 4' })).toMatchObject({
      ok: false,
      reason: 'server_error',
      ms: 0,
    });
    expect(server.requests).toHaveLength(seen);
    expect(client.summary().calls).toEqual({ total: 4, cached: 0, failed: 4 });
    expect(client.summary().notes.join(' ')).toMatch(/failed 3 times in a row/);
  });

  it('stops calling at once when the key is refused', async () => {
    const server = await openAi({});
    const client = createAiClient({
      provider: 'openai',
      model: 'gpt-4o',
      apiKey: 'sk-wrong-0000000000',
      baseUrl: server.baseUrl,
    });
    expect(await client.call(request)).toMatchObject({ ok: false, reason: 'error' });
    expect(await client.call({ ...request, prompt: 'again' })).toMatchObject({ ok: false, ms: 0 });
    expect(server.requests).toHaveLength(1);
  });

  it("never uses the worker's environment key when the run has none", async () => {
    vi.stubEnv('OPENAI_API_KEY', 'sk-operator-ENV-KEY-999999');
    try {
      const server = await openAi({});
      const client = createAiClient({
        provider: 'openai',
        model: 'gpt-4o',
        baseUrl: server.baseUrl,
      });
      expect(await client.call(request)).toMatchObject({ ok: false, reason: 'error' });
      expect(JSON.stringify(server.requests[0]?.headers)).not.toContain('ENV-KEY');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("does not call for a task turned off ('disabled')", async () => {
    const server = await openAi({ script: [{ json: { title: 'Hello', count: 1 } }] });
    const client = openAiClient(server, { disabled: ['design'] });
    expect(client.allows('design')).toBe(false);
    expect(await client.call(request)).toMatchObject({ ok: false, reason: 'disabled' });
    expect(server.requests).toHaveLength(0);
  });

  it('answers a repeated request from the cache of another client, at no token', async () => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'sitelift-ai-cache-'));
    folders.push(cacheDir);
    const server = await openAi({ script: [{ json: { title: 'Hello', count: 5 } }] });
    const first = await openAiClient(server, { cacheDir }).call(request);
    expect(first).toMatchObject({ ok: true, cached: false });
    const second = openAiClient(server, { cacheDir });
    const again = await second.call(request);
    expect(again).toMatchObject({
      ok: true,
      cached: true,
      value: { title: 'Hello', count: 5 },
      usage: { input: 0, output: 0 },
    });
    expect(server.requests).toHaveLength(1);
    expect(second.summary()).toMatchObject({
      calls: { total: 1, cached: 1 },
      tokens_in: 0,
      cost_usd: 0,
    });
    // Another prompt is another request.
    const other = await second.call({ ...request, prompt: 'something else' });
    expect(other.ok).toBe(false);
    expect(server.requests.length).toBeGreaterThan(1);
  });

  it('never logs the key, not even on errors that echo it', async () => {
    const server = await openAi({
      script: [
        { status: 400, message: `Bad request for key ${KEY} (Authorization: Bearer ${KEY})` },
      ],
    });
    const { events, logger } = logs();
    const client = openAiClient(server, {}, logger);
    const result = await client.call(request);
    expect(result.ok).toBe(false);
    // A wrong key is echoed by providers too.
    const wrong = createAiClient(
      {
        provider: 'openai',
        model: 'gpt-4o',
        apiKey: `${KEY}-wrong`,
        baseUrl: server.baseUrl,
        timeoutMs: 5000,
      },
      { logger },
    );
    await wrong.call(request);
    const everything = JSON.stringify([events, result, client.summary(), wrong.summary()]);
    expect(events.length).toBeGreaterThan(0);
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain('SECRET');
  });
});

describe('createAiClient against a fake Anthropic server (real @ai-sdk/anthropic)', () => {
  // The SDK asks newer models for a native output format and older ones for a `json` tool call.
  for (const [model, mode] of [
    ['claude-sonnet-4-5', 'output_config'],
    ['claude-3-haiku-20240307', 'tools'],
  ] as const) {
    it(`returns a checked answer (${model}, ${mode}), retrying once with the error`, async () => {
      const server = await startFakeAnthropicServer({
        apiKey: KEY,
        script: [
          { json: { title: 'x', count: 1 } },
          { json: { title: 'Hello', count: 1 }, usage: { input: 50, output: 10 } },
        ],
      });
      servers.push(server);
      const client = createAiClient({
        provider: 'anthropic',
        model,
        apiKey: KEY,
        baseUrl: server.baseUrl,
        timeoutMs: 5000,
      });
      const image = new Uint8Array([1, 2, 3, 4, 5]);
      const result = await client.call({
        ...request,
        images: [{ data: image, mediaType: 'image/jpeg' }],
      });
      expect(result).toMatchObject({ ok: true, value: { title: 'Hello', count: 1 } });
      expect(server.requests).toHaveLength(2);
      expect(server.requests[0]!.headers['x-api-key']).toBe(KEY);
      expect(Object.keys(server.requests[0]!.body as object)).toContain(mode);
      expect(anthropicImages(server.requests[0]!)).toEqual([Buffer.from(image).toString('base64')]);
      expect(anthropicText(server.requests[1]!)).toContain('at title');
      expect(client.summary().tokens_in).toBe(100 + 50);
    });
  }

  it('waits out a 429 and then answers', async () => {
    const server = await startFakeAnthropicServer({
      script: [{ status: 429, retryAfter: 0 }, { json: { title: 'Hello', count: 1 } }],
    });
    servers.push(server);
    const client = createAiClient({
      provider: 'anthropic',
      model: 'claude-haiku-4-5',
      apiKey: KEY,
      baseUrl: server.baseUrl,
    });
    expect((await client.call(request)).ok).toBe(true);
    expect(server.requests).toHaveLength(2);
  });
});

describe('createAiClient against a fake Google server (real @ai-sdk/google)', () => {
  function googleClient(server: FakeProviderServer) {
    return createAiClient({
      provider: 'google',
      model: 'gemini-2.5-flash',
      apiKey: KEY,
      baseUrl: server.baseUrl,
      timeoutMs: 5000,
    });
  }

  it('returns a checked answer with its usage, sends the key and the image, retries once', async () => {
    const server = await startFakeGoogleServer({
      apiKey: KEY,
      script: [
        { json: { title: 'x', count: 1 } },
        { json: { title: 'Hello', count: 2 }, usage: { input: 70, output: 12 } },
      ],
    });
    servers.push(server);
    const client = googleClient(server);
    const image = new Uint8Array([9, 8, 7, 6]);
    const result = await client.call({
      ...request,
      images: [{ data: image, mediaType: 'image/png' }],
    });
    expect(result).toMatchObject({ ok: true, value: { title: 'Hello', count: 2 } });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]!.path).toBe('/v1/models/gemini-2.5-flash:generateContent');
    expect(server.requests[0]!.headers['x-goog-api-key']).toBe(KEY);
    expect(googleImages(server.requests[0]!)).toEqual([Buffer.from(image).toString('base64')]);
    expect(googleText(server.requests[0]!)).toContain('Give a title and a count.');
    // The second request carries the exact validation error of the first answer.
    expect(googleText(server.requests[1]!)).toContain('at title');
    expect(client.summary()).toMatchObject({ tokens_in: 100 + 70, tokens_out: 20 + 12 });
  });

  it('waits out a 429 and then answers', async () => {
    const server = await startFakeGoogleServer({
      apiKey: KEY,
      script: [{ status: 429, retryAfter: 0 }, { json: { title: 'Hello', count: 1 } }],
    });
    servers.push(server);
    expect((await googleClient(server).call(request)).ok).toBe(true);
    expect(server.requests).toHaveLength(2);
  });

  it('stops at once when the key is refused, and says so in Test connection', async () => {
    const server = await startFakeGoogleServer({ apiKey: KEY });
    servers.push(server);
    const result = await testAiConnection({
      provider: 'google',
      model: 'gemini-2.5-flash',
      apiKey: 'AIza-wrong-key-123456',
      baseUrl: server.baseUrl,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toMatch(/API key was refused \(401\)/);
    expect(result.message).not.toContain('AIza-wrong-key-123456');
  });
});

describe('testAiConnection', () => {
  it('is ok with a model that answers', async () => {
    const server = await openAi({ script: [{ json: { ok: true } }] });
    const result = await testAiConnection({
      provider: 'openai-compatible',
      model: 'llama3.2',
      apiKey: KEY,
      baseUrl: server.baseUrl,
    });
    expect(result).toMatchObject({ ok: true, model: 'llama3.2' });
  });

  it('says the key was refused on 401, without the key', async () => {
    const server = await openAi({});
    const result = await testAiConnection({
      provider: 'openai',
      model: 'gpt-4o',
      apiKey: 'sk-wrong-key-123456',
      baseUrl: server.baseUrl,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toMatch(/API key was refused \(401\)/);
    expect(result.message).not.toContain('sk-wrong-key-123456');
  });

  it('says the model was not found on 404', async () => {
    const server = await openAi({ script: [{ status: 404, message: 'The model does not exist' }] });
    const result = await testAiConnection({
      provider: 'openai',
      model: 'gpt-nope',
      apiKey: KEY,
      baseUrl: server.baseUrl,
    });
    expect(result).toEqual({
      ok: false,
      message: expect.stringMatching(/model "gpt-nope" was not found/),
    });
  });

  it('says it cannot reach a URL where nothing listens', async () => {
    const server = await startFakeOpenAiServer();
    const baseUrl = server.baseUrl;
    await server.close();
    const result = await testAiConnection({
      provider: 'openai-compatible',
      model: 'llama3.2',
      baseUrl,
    });
    expect(result).toEqual({
      ok: false,
      message: expect.stringMatching(/^Cannot reach http:\/\/127\.0\.0\.1/),
    });
  });

  it('says when the model is too slow', async () => {
    const server = await openAi({ script: [{ stall: true }] });
    const result = await testAiConnection({
      provider: 'openai',
      model: 'gpt-4o',
      apiKey: KEY,
      baseUrl: server.baseUrl,
      timeoutMs: 1000,
    });
    expect(result).toEqual({
      ok: false,
      message: expect.stringMatching(/did not answer within 1 seconds/),
    });
  });
});

describe('strictCompatible', () => {
  it('sends a schema with optional fields to OpenAI non-strict', async () => {
    expect(strictCompatible(schema)).toBe(true);
    const loose = z.object({ title: z.string(), note: z.string().optional() });
    expect(strictCompatible(loose)).toBe(false);
    expect(strictCompatible(z.object({ items: z.array(loose) }))).toBe(false);
    const server = await openAi({ script: [{ json: { title: 'Hello' } }] });
    const result = await openAiClient(server).call({ ...request, schema: loose });
    expect(result).toMatchObject({ ok: true, value: { title: 'Hello' } });
    const format = (
      server.requests[0]!.body as { response_format?: { json_schema?: { strict?: boolean } } }
    ).response_format;
    expect(format?.json_schema?.strict).toBe(false);
  });
});

describe('priceFor', () => {
  it('knows dated snapshots by their prefix, the longest first, and nothing else', () => {
    expect(priceFor('openai', 'gpt-4o-mini-2024-07-18')).toEqual(AI_PRICES.openai['gpt-4o-mini']);
    expect(priceFor('openai', 'gpt-4o-2024-08-06')).toEqual(AI_PRICES.openai['gpt-4o']);
    expect(priceFor('anthropic', 'claude-sonnet-4-5-20250929')).toEqual({ input: 3, output: 15 });
    expect(priceFor('openai', 'gpt-4oops')).toBeUndefined();
    expect(priceFor('openai-compatible', 'llama3.2')).toBeUndefined();
  });

  it('costs nothing it does not know (cost null) unless the run gives a price', () => {
    const unknown = createAiClient({
      provider: 'openai-compatible',
      model: 'llama3.2',
      baseUrl: 'http://127.0.0.1:9/v1',
    });
    expect(unknown.summary().cost_usd).toBeNull();
    const priced = createAiClient({
      provider: 'openai-compatible',
      model: 'llama3.2',
      baseUrl: 'http://127.0.0.1:9/v1',
      price: { input: 1, output: 1 },
    });
    expect(priced.summary().cost_usd).toBe(0);
  });
});
