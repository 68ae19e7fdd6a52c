import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSseClient } from './helpers/sse-client';
import {
  cookieHeader,
  createTestApp,
  signUpVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

/** Waits up to 10 s for `condition` (vi.waitFor), naming `what` when it never holds. */
async function until(condition: () => boolean, what: string) {
  await vi.waitFor(
    () => {
      if (!condition()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: 10_000, interval: 50 },
  );
}

describe.each(TEST_DATABASE_KINDS)('realtime streams on %s', (kind) => {
  let testApp: TestApp;
  let baseUrl: string;
  let owner: Agent;
  let other: Agent;

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      env: { ALLOW_PRIVATE_URLS: 'true' },
      sseHeartbeatMs: 200,
    });
    baseUrl = await testApp.listen();
    owner = await signUpVerified(testApp, uniqueEmail('rt'));
    other = await signUpVerified(testApp, uniqueEmail('rt-other'));
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('sends only the user’s own changes, heartbeats, and forgets a closed stream', async () => {
    const mine = await openSseClient(`${baseUrl}/api/events`, { cookie: cookieHeader(owner) });
    const theirs = await openSseClient(`${baseUrl}/api/events`, { cookie: cookieHeader(other) });
    await mine.waitFor((message) => message.event === 'ready');
    await theirs.waitFor((message) => message.event === 'ready');
    expect(testApp.hub.counts.users).toBe(2);

    const created = (
      await owner.post('/api/projects', {
        name: 'Realtime site',
        sourceUrl: 'http://127.0.0.1:9/',
        modernizationStrategy: 'FULL_REBUILD',
        targetFramework: 'React',
      })
    ).json();
    await owner.patch(`/api/projects/${created.id}`, { name: 'Renamed site' });
    await owner.request({ method: 'DELETE', url: `/api/projects/${created.id}` });
    await mine.waitFor((message) => message.data.includes('"DELETE"'));
    const events = mine.messages
      .filter((message) => message.event !== 'ready')
      .map((message) => [message.event, JSON.parse(message.data)]);
    expect(events.map(([event, data]) => `${event}:${data.type ?? data.status}`)).toEqual([
      'project:INSERT',
      'job:QUEUED',
      'project:UPDATE',
      'project:UPDATE',
      'job:FAILED',
      'project:DELETE',
    ]);
    expect(events[3]?.[1].project.name).toBe('Renamed site');
    await until(() => mine.raw().includes(': heartbeat\n\n'), 'a heartbeat');
    expect(theirs.messages.map((message) => message.event)).toEqual(['ready']);

    mine.close();
    theirs.close();
    await until(() => testApp.hub.counts.users === 0, 'the hub to drop closed streams');
  });

  it('ends the log stream of a job that is already over with its final status', async () => {
    const created = (
      await owner.post('/api/projects', {
        name: 'Ended job',
        sourceUrl: 'http://127.0.0.1:9/',
        modernizationStrategy: 'INCREMENTAL_UPDATE',
        targetFramework: 'React',
      })
    ).json();
    const stream = await openSseClient(`${baseUrl}/logs/${created.job_id}/stream`, {
      cookie: cookieHeader(owner),
    });
    await until(() => testApp.hub.counts.logFollowers === 1, 'the follower');
    // Deleting the project cancels the queued job: the follower gets its last line and the end.
    await owner.request({ method: 'DELETE', url: `/api/projects/${created.id}` });
    await stream.ended;
    expect(stream.messages.at(-1)).toEqual({ event: 'end', data: 'FAILED' });
    await until(() => testApp.hub.counts.logFollowers === 0, 'the follower to go');
  });
});
