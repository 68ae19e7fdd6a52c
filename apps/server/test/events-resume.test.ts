import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookLedgerEntry } from '../src/db/credits.repository';
import { openSseClient, type SseClient, type SseMessage } from './helpers/sse-client';
import {
  cookieHeader,
  createTestApp,
  signUpVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

// Issue 10, item 9: GET /api/events sends an `id:` with every message and a reconnect with Last-Event-ID
// gets the changes it missed, like the log stream, from whichever process it reaches.

const PROJECT = {
  sourceUrl: 'http://127.0.0.1:9/',
  modernizationStrategy: 'INCREMENTAL_UPDATE',
  targetFramework: 'React',
};

/** `event:type-or-status` of a message, e.g. `project:UPDATE` or `job:QUEUED`. */
function describeMessage(message: SseMessage): string {
  const data = JSON.parse(message.data) as { type?: string; status?: string };
  return `${message.event}:${data.type ?? data.status ?? ''}`;
}

/** Gives `agent`'s user `credits` more credits (each project costs one). */
async function grantCredits(testApp: TestApp, agent: Agent, credits: number) {
  const userId = (await agent.get('/api/auth/get-session')).json().user.id;
  await bookLedgerEntry(testApp.database.db, {
    userId,
    idempotencyKey: `grant:${userId}:events`,
    delta: credits,
    reason: 'grant',
  });
}

/** Opens GET /api/events at `baseUrl` as `agent`, resuming after `lastEventId` when given. */
function openEvents(baseUrl: string, agent: Agent, lastEventId?: string) {
  return openSseClient(`${baseUrl}/api/events`, {
    cookie: cookieHeader(agent),
    ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
  });
}

/** The messages before `ready` (a replay) and `ready` itself. */
async function readReplay(stream: SseClient) {
  const ready = await stream.waitFor((message) => message.event === 'ready', 20_000);
  const replay = stream.messages.slice(0, stream.messages.indexOf(ready));
  return { ready, replay };
}

describe.each(TEST_DATABASE_KINDS)('GET /api/events resumes on %s', (kind) => {
  let testApp: TestApp;
  let baseUrl: string;
  let owner: Agent;

  beforeAll(async () => {
    testApp = await createTestApp(kind, { env: { ALLOW_PRIVATE_URLS: 'true' } });
    baseUrl = await testApp.listen();
    owner = await signUpVerified(testApp, uniqueEmail('resume'));
    await grantCredits(testApp, owner, 10);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const open = (url: string, lastEventId?: string) => openEvents(url, owner, lastEventId);

  it('gives every message an id and replays exactly what a reconnect missed', async () => {
    const first = await open(baseUrl);
    const firstReady = await first.waitFor((message) => message.event === 'ready');
    expect(firstReady.id).toMatch(/^\d+$/);
    const created = (
      await owner.post('/api/projects', { ...PROJECT, name: 'Resumed site' })
    ).json();
    // Creating a project: its INSERT, its job QUEUED, then the UPDATE that links the job.
    await first.waitFor(() => first.messages.length >= 4);
    first.close();
    expect(first.messages.every((message) => /^\d+$/.test(message.id ?? ''))).toBe(true);
    const seenIds = first.messages.map((message) => Number(message.id));
    expect(seenIds).toEqual([...seenIds].sort((a, b) => a - b));
    const lastSeen = first.messages.at(-1)?.id ?? '';

    // While the first stream is away: an observer sees the changes live.
    const observer = await open(baseUrl);
    await observer.waitFor((message) => message.event === 'ready');
    await owner.patch(`/api/projects/${created.id}`, { name: 'Renamed while away' });
    const other = (await owner.post('/api/projects', { ...PROJECT, name: 'Second site' })).json();
    await observer.waitFor(() => observer.messages.length >= 5);
    expect(observer.messages.some((message) => message.data.includes(other.job_id))).toBe(true);
    const missed = observer.messages.filter((message) => message.event !== 'ready');
    expect(missed.map(describeMessage)).toEqual([
      'project:UPDATE',
      'project:INSERT',
      'job:QUEUED',
      'project:UPDATE',
    ]);

    const resumed = await open(baseUrl, lastSeen);
    const { ready, replay } = await readReplay(resumed);
    expect(replay.map((message) => [message.event, message.id])).toEqual(
      missed.map((message) => [message.event, message.id]),
    );
    expect(JSON.parse(replay[0]?.data ?? '{}').project.name).toBe('Renamed while away');
    expect(ready.id).toBe(missed.at(-1)?.id);

    // Live changes follow the replay once, with a greater id.
    await owner.patch(`/api/projects/${created.id}`, { name: 'Renamed live' });
    const live = await resumed.waitFor((message) => message.data.includes('Renamed live'));
    expect(Number(live.id)).toBeGreaterThan(Number(ready.id));
    await observer.waitFor((message) => message.data.includes('Renamed live'));
    const ids = resumed.messages.map((message) => message.id);
    expect(new Set(ids).size).toBe(ids.length - 1); // `ready` repeats the last replayed id
    resumed.close();
    observer.close();
  });

  it('sends nothing old without Last-Event-ID; ready carries the id to resume from', async () => {
    const fresh = await open(baseUrl);
    const { ready, replay } = await readReplay(fresh);
    expect(replay).toEqual([]);
    expect(Number(ready.id)).toBeGreaterThan(0);
    fresh.close();

    const caughtUp = await open(baseUrl, ready.id);
    const again = await readReplay(caughtUp);
    expect(again.replay).toEqual([]);
    expect(again.ready.id).toBe(ready.id);
    caughtUp.close();
    // A malformed Last-Event-ID counts as none.
    const malformed = await open(baseUrl, 'not-a-number');
    expect((await readReplay(malformed)).replay).toEqual([]);
    malformed.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('GET /api/events across processes', () => {
  let first: TestApp;
  let second: TestApp;
  let firstUrl: string;
  let secondUrl: string;
  let owner: Agent;

  beforeAll(async () => {
    // Two web processes over one PostgreSQL database: they share the signing secret, as deployments do.
    const authSecret = randomBytes(32).toString('hex');
    const env = { ALLOW_PRIVATE_URLS: 'true' };
    first = await createTestApp('postgres', { env, authSecret });
    second = await createTestApp('postgres', {
      env,
      authSecret,
      databaseUrl: first.config.databaseUrl,
    });
    firstUrl = await first.listen();
    secondUrl = await second.listen();
    owner = await signUpVerified(first, uniqueEmail('resume-elsewhere'));
    await grantCredits(first, owner, 5);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('resumes on another process with what changed through the first', async () => {
    const before = await openEvents(firstUrl, owner);
    const { ready } = await readReplay(before);
    before.close();
    const created = (await owner.post('/api/projects', { ...PROJECT, name: 'Elsewhere' })).json();
    await owner.patch(`/api/projects/${created.id}`, { name: 'Elsewhere renamed' });

    const resumed = await openEvents(secondUrl, owner, ready.id);
    const { replay } = await readReplay(resumed);
    expect(replay.map(describeMessage)).toEqual([
      'project:INSERT',
      'job:QUEUED',
      'project:UPDATE',
      'project:UPDATE',
    ]);
    expect(JSON.parse(replay[3]?.data ?? '{}').project.name).toBe('Elsewhere renamed');
    expect(replay.every((message) => Number(message.id) > Number(ready.id))).toBe(true);
    // And live: a change made through the first process reaches the stream on the second.
    await owner.patch(`/api/projects/${created.id}`, { name: 'Elsewhere live' });
    await resumed.waitFor((message) => message.data.includes('Elsewhere live'), 20_000);
    resumed.close();
  });
});
