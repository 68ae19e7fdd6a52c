import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe.each(TEST_DATABASE_KINDS)('profile API on %s', (kind) => {
  let testApp: TestApp;
  let agent: Agent;
  let email: string;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    email = uniqueEmail('profile');
    await signUp(testApp.app, email);
    agent = await signIn(testApp.app, email);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('answers 401 with the error shape when signed out', async () => {
    const guest = createAgent(testApp.app);
    for (const response of [
      await guest.get('/api/me/profile'),
      await guest.patch('/api/me/profile', { full_name: 'Guest' }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'API_UNAUTHENTICATED', message: 'Authentication required' },
      });
    }
  });

  it('returns the users profile of the signed-in user', async () => {
    const response = await agent.get('/api/me/profile');
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(Object.keys(profile).sort()).toEqual(
      [
        'avatar_url',
        'company_name',
        'created_at',
        'email',
        'email_verified',
        'full_name',
        'id',
        'notify_job_outcome',
      ].sort(),
    );
    expect(profile).toMatchObject({
      email,
      full_name: null,
      company_name: null,
      avatar_url: null,
      notify_job_outcome: true,
      email_verified: false,
    });
    expect(Number.isNaN(Date.parse(profile.created_at))).toBe(false);
  });

  it('trims values, stores empty ones as null and keeps fields that are not sent', async () => {
    const saved = await agent.patch('/api/me/profile', {
      full_name: '  Ada Lovelace ',
      company_name: ' Analytical Engines Ltd ',
      avatar_url: ' https://example.com/ada.png ',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      full_name: 'Ada Lovelace',
      company_name: 'Analytical Engines Ltd',
      avatar_url: 'https://example.com/ada.png',
    });
    // The session's user carries the saved picture, which the top bar shows (issue 15 item 5).
    const withPicture = (await agent.get('/api/auth/get-session')).json();
    expect(withPicture.user).toMatchObject({
      avatarUrl: 'https://example.com/ada.png',
      fullName: 'Ada Lovelace',
    });

    const cleared = await agent.patch('/api/me/profile', { company_name: '   ', avatar_url: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({
      full_name: 'Ada Lovelace',
      company_name: null,
      avatar_url: null,
    });
    expect((await agent.get('/api/me/profile')).json()).toMatchObject({
      full_name: 'Ada Lovelace',
      company_name: null,
      avatar_url: null,
    });
    // The session's user name follows the profile's full name.
    const session = (await agent.get('/api/auth/get-session')).json();
    expect(session.user.name).toBe('Ada Lovelace');
  });

  it.each([
    [{ nickname: 'x' }, /nickname/],
    [{ full_name: 'x'.repeat(101) }, /Full name must be at most 100 characters/],
    [{ company_name: 'x'.repeat(101) }, /Company name must be at most 100 characters/],
    [{ avatar_url: 'not a url' }, /Please enter a valid URL starting with http:\/\/ or https:\/\//],
    [
      { avatar_url: 'javascript:alert(1)' },
      /Please enter a valid URL starting with http:\/\/ or https:\/\//,
    ],
    [
      { avatar_url: `https://example.com/${'a'.repeat(2048)}` },
      /Avatar URL must be at most 2048 characters/,
    ],
    [{ full_name: 42 }, /full_name/],
  ])('refuses %j with a clear 400', async (body, message) => {
    const response = await agent.patch('/api/me/profile', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('API_VALIDATION_FAILED');
    expect(response.json().error.message).toMatch(message);
  });
});
