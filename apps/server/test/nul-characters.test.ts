import { VALIDATION_MESSAGES } from '@sitelift/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAgent,
  createTestApp,
  GOOD_PASSWORD,
  signUpVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

// Issue 10, item 5: PostgreSQL text cannot hold U+0000, so a NUL character in any field used to reach the
// database and answer 500 (PGlite and PostgreSQL alike). It is a 400 naming the field instead.

const NUL = '\u0000';

function nulRefusal(field: string) {
  return {
    error: {
      code: 'API_VALIDATION_FAILED',
      message: `${field}: ${VALIDATION_MESSAGES.nulCharacter}`,
    },
  };
}

describe.each(TEST_DATABASE_KINDS)('NUL characters on %s', (kind) => {
  let testApp: TestApp;
  let owner: Agent;
  let projectId: string;
  const project = {
    name: 'Clean project',
    description: 'Fine',
    sourceUrl: 'http://127.0.0.1:9/',
    modernizationStrategy: 'INCREMENTAL_UPDATE',
    targetFramework: 'React',
  };

  beforeAll(async () => {
    testApp = await createTestApp(kind, { env: { ALLOW_PRIVATE_URLS: 'true' } });
    owner = await signUpVerified(testApp, uniqueEmail('nul'));
    const created = await owner.post('/api/projects', project);
    expect(created.statusCode).toBe(201);
    projectId = created.json().id;
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it.each([
    ['name', { name: `Bad${NUL}name` }],
    ['description', { description: `Line${NUL}` }],
    ['sourceUrl', { sourceUrl: `http://127.0.0.1:9/${NUL}` }],
  ])('refuses a new project whose %s holds NUL', async (field, change) => {
    const response = await owner.post('/api/projects', { ...project, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(nulRefusal(field));
  });

  it.each([
    ['name', { name: `Bad${NUL}name` }],
    ['description', { description: `${NUL}` }],
  ])('refuses an edit whose %s holds NUL', async (field, change) => {
    const response = await owner.patch(`/api/projects/${projectId}`, change);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(nulRefusal(field));
    expect((await owner.get(`/api/projects/${projectId}`)).json().name).toBe(project.name);
  });

  it('refuses a search or cursor holding NUL and still lists the projects', async () => {
    for (const [field, query] of [
      ['search', 'search=a%00b'],
      ['cursor', 'cursor=%00'],
    ] as const) {
      const response = await owner.get(`/api/projects?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual(nulRefusal(field));
    }
    const list = await owner.get('/api/projects?search=clean');
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(1);
  });

  it.each([
    ['full_name', { full_name: `Ada${NUL}` }],
    ['company_name', { company_name: `${NUL}Corp` }],
    ['avatar_url', { avatar_url: `https://example.com/a${NUL}.png` }],
  ])('refuses a profile whose %s holds NUL', async (field, change) => {
    const response = await owner.patch('/api/me/profile', change);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(nulRefusal(field));
  });

  it('refuses NUL in account fields Better Auth would store', async () => {
    const signUp = await createAgent(testApp.app).post('/api/auth/sign-up/email', {
      email: uniqueEmail('nul-sign-up'),
      password: GOOD_PASSWORD,
      name: `Ada${NUL}`,
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json()).toEqual(nulRefusal('name'));
    for (const [field, body] of [
      ['name', { name: `Ada${NUL}` }],
      ['image', { image: `https://example.com/${NUL}` }],
    ] as const) {
      const response = await owner.post('/api/auth/update-user', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(nulRefusal(field));
    }
  });

  it('refuses NUL in a key or a nested value of any body', async () => {
    const key = await createAgent(testApp.app).post('/api/auth/sign-in/email', {
      email: 'a@example.com',
      password: 'x',
      [`remember${NUL}Me`]: true,
    });
    expect(key.statusCode).toBe(400);
    expect(key.json()).toEqual(nulRefusal('remember\\u0000Me'));
    const nested = await owner.post('/api/auth/sign-in/email', {
      email: 'a@example.com',
      password: ['x', { deep: NUL }],
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual(nulRefusal('password.1.deep'));
  });
});
