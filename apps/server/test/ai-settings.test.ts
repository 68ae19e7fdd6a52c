import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeOpenAiServer,
  type FakeProviderServer,
} from '../../../packages/engine/src/ai/testing';
import { userAiSettings } from '../src/db/schema';
import {
  createAgent,
  createTestApp,
  signIn,
  signUp,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

const KEY = 'sk-test-user-key-0123456789abcdef';

function put(agent: Agent, json: unknown) {
  return agent.request({ method: 'PUT', url: '/api/me/ai-settings', json });
}

async function userIdOf(agent: Agent): Promise<string> {
  return (await agent.get('/api/me/profile')).json().id;
}

describe.each(TEST_DATABASE_KINDS)('Settings → AI model on %s', (kind) => {
  let testApp: TestApp;
  let owner: Agent;
  let other: Agent;

  beforeAll(async () => {
    // No ALLOW_PRIVATE_URLS: a user's base URL must be public here.
    testApp = await createTestApp(kind);
    const ownerEmail = uniqueEmail('ai-owner');
    const otherEmail = uniqueEmail('ai-other');
    await signUp(testApp.app, ownerEmail);
    await signUp(testApp.app, otherEmail);
    owner = await signIn(testApp.app, ownerEmail);
    other = await signIn(testApp.app, otherEmail);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('answers 401 to a signed-out caller on every route', async () => {
    const guest = createAgent(testApp.app);
    const body = { provider: 'openai', model: 'gpt-4o-mini', api_key: KEY };
    for (const response of [
      await guest.get('/api/me/ai-settings'),
      await put(guest, body),
      await guest.request({ method: 'DELETE', url: '/api/me/ai-settings' }),
      await guest.post('/api/me/ai-settings/test', body),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('API_UNAUTHENTICATED');
    }
  });

  it('starts with no model of the user’s own, no default and the month’s budget', async () => {
    const response = await owner.get('/api/me/ai-settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      own: null,
      default: null,
      usage: {
        month: new Date().toISOString().slice(0, 7),
        tokens: 0,
        budget: 2_000_000,
        cost_usd: null,
      },
      job_tokens: 200_000,
    });
  });

  it('stores the key encrypted and never answers it, only that one is saved and its last four', async () => {
    const saved = await put(owner, { provider: 'openai', model: 'gpt-4o-mini', api_key: KEY });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().own).toEqual({
      provider: 'openai',
      model: 'gpt-4o-mini',
      base_url: null,
      has_key: true,
      key_last4: 'cdef',
      price: { input: 0.15, output: 0.6 },
      updated_at: expect.any(String),
    });
    const read = await owner.get('/api/me/ai-settings');
    expect(read.body).not.toContain(KEY);
    expect(read.body).not.toContain('0123456789');
    expect(read.json().own.has_key).toBe(true);

    const rows = await testApp.database.db
      .select()
      .from(userAiSettings)
      .where(eq(userAiSettings.userId, await userIdOf(owner)));
    expect(rows).toHaveLength(1);
    const stored = rows[0]!.apiKey!;
    expect(stored).not.toContain(KEY);
    expect(stored).not.toContain('0123456789');
    expect(stored).toMatch(/^v1:[^:]+:[^:]+:[^:]+$/);
  });

  it('keeps the saved key when the form sends none, and forgets it on remove_key', async () => {
    const changed = await put(owner, { provider: 'openai', model: 'gpt-4.1-mini' });
    expect(changed.json().own).toMatchObject({ model: 'gpt-4.1-mini', has_key: true });
    const removed = await put(owner, {
      provider: 'openai',
      model: 'gpt-4.1-mini',
      remove_key: true,
    });
    expect(removed.json().own).toMatchObject({ has_key: false, key_last4: null });
    await put(owner, { provider: 'openai', model: 'gpt-4o-mini', api_key: KEY });
  });

  it('another user sees none of it and cannot change or remove it', async () => {
    const theirs = await other.get('/api/me/ai-settings');
    expect(theirs.json().own).toBeNull();
    await put(other, {
      provider: 'anthropic',
      model: 'claude-3-5-haiku-latest',
      api_key: 'x'.repeat(20),
    });
    await other.request({ method: 'DELETE', url: '/api/me/ai-settings' });
    const mine = (await owner.get('/api/me/ai-settings')).json();
    expect(mine.own).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', has_key: true });
  });

  it('refuses a bad form with the field named, and keeps what was saved', async () => {
    const noBase = await put(owner, { provider: 'openai-compatible', model: 'llama3.2' });
    expect(noBase.statusCode).toBe(400);
    expect(noBase.json().error.code).toBe('API_VALIDATION_FAILED');
    expect(noBase.json().error.message).toMatch(/base URL/);
    const badProvider = await put(owner, { provider: 'skynet', model: 'x' });
    expect(badProvider.statusCode).toBe(400);
    const mine = (await owner.get('/api/me/ai-settings')).json();
    expect(mine.own).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini' });
  });

  it('refuses a base URL on a private or loopback address (SSRF) without the test opt-in', async () => {
    for (const base_url of [
      'http://127.0.0.1:11434/v1',
      'http://10.0.0.5/v1',
      'http://169.254.169.254/latest',
      'http://[::1]:8080/v1',
    ]) {
      const saved = await put(owner, {
        provider: 'openai-compatible',
        model: 'llama3.2',
        base_url,
      });
      expect(saved.statusCode, base_url).toBe(422);
      expect(saved.json().error.code).toBe('API_AI_BASE_URL_REFUSED');
      const tested = await owner.post('/api/me/ai-settings/test', {
        provider: 'openai-compatible',
        model: 'llama3.2',
        base_url,
      });
      expect(tested.statusCode, base_url).toBe(422);
      expect(tested.json().error.code).toBe('API_AI_BASE_URL_REFUSED');
    }
  });

  it('asks for a key before testing a provider that needs one', async () => {
    const response = await other.post('/api/me/ai-settings/test', {
      provider: 'google',
      model: 'gemini-2.0-flash',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('API_AI_KEY_REQUIRED');
  });

  it('DELETE forgets the model and its key: the row is gone', async () => {
    const response = await owner.request({ method: 'DELETE', url: '/api/me/ai-settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json().own).toBeNull();
    const rows = await testApp.database.db
      .select()
      .from(userAiSettings)
      .where(eq(userAiSettings.userId, await userIdOf(owner)));
    expect(rows).toHaveLength(0);
  });
});

describe('GET /api/health with a default model', () => {
  let testApp: TestApp | undefined;
  afterAll(async () => {
    await testApp?.close();
  });

  it('names the provider and model, never the key', async () => {
    const key = 'sk-operator-secret-key-9876543210';
    testApp = await createTestApp('pglite', {
      env: { AI_PROVIDER: 'openai', AI_MODEL: 'gpt-4o-mini', AI_API_KEY: key },
    });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toMatchObject({ ai: 'openai', ai_model: 'gpt-4o-mini' });
    expect(response.body).not.toContain(key);
    const anonymous = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '203.0.113.7',
    });
    expect(anonymous.json()).toMatchObject({ ai: 'openai', ai_model: 'gpt-4o-mini' });
    expect(anonymous.body).not.toContain(key);
  });
});

describe.each(TEST_DATABASE_KINDS)('Test connection against a fake OpenAI server on %s', (kind) => {
  let testApp: TestApp;
  let owner: Agent;
  let fake: FakeProviderServer;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer({ apiKey: KEY, fallback: { json: { ok: true } } });
    // The fake runs on loopback: this app opts in to private URLs, as tests do.
    testApp = await createTestApp(kind, { env: { ALLOW_PRIVATE_URLS: 'true' } });
    const email = uniqueEmail('ai-test');
    await signUp(testApp.app, email);
    owner = await signIn(testApp.app, email);
  });
  afterAll(async () => {
    await testApp?.close();
    await fake?.close();
  });

  it('answers ok with the model and the time, using the saved key when the form sends none', async () => {
    const body = { provider: 'openai-compatible', model: 'fake-vision', base_url: fake.baseUrl };
    const withKey = await owner.post('/api/me/ai-settings/test', { ...body, api_key: KEY });
    expect(withKey.statusCode).toBe(200);
    expect(withKey.json()).toEqual({ ok: true, model: 'fake-vision', ms: expect.any(Number) });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);

    await put(owner, { ...body, api_key: KEY });
    const before = fake.requests.length;
    const saved = await owner.post('/api/me/ai-settings/test', body);
    expect(saved.json()).toMatchObject({ ok: true, model: 'fake-vision' });
    expect(fake.requests.length).toBeGreaterThan(before);
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('says the key was refused (401) without echoing it', async () => {
    const wrong = 'sk-wrong-key-000000000000000000';
    const response = await owner.post('/api/me/ai-settings/test', {
      provider: 'openai-compatible',
      model: 'fake-vision',
      base_url: fake.baseUrl,
      api_key: wrong,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().ok).toBe(false);
    expect(response.json().message).toMatch(/API key was refused \(401\)/);
    expect(response.body).not.toContain(wrong);
  });
});
