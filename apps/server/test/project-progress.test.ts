import { eq, sql } from 'drizzle-orm';
import { projectSchema } from '@sitelift/shared/schemas/project';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookLedgerEntry } from '../src/db/credits.repository';
import { claimJobLease, recordJobProgress } from '../src/db/jobs.repository';
import type { AppDb } from '../src/db/database';
import { jobs } from '../src/db/schema';
import {
  createTestApp,
  signUpVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

// Issue 15 item 1: the card knows where a job is (stage and progress) or where it waits (its place
// in the queue and a rough wait). No worker runs here: the test moves the jobs itself.

async function createProject(agent: Agent, name: string) {
  const response = await agent.post('/api/projects', {
    name,
    sourceUrl: 'http://127.0.0.1:9/old-site/',
    modernizationStrategy: 'INCREMENTAL_UPDATE',
    targetFramework: 'React',
  });
  expect(response.statusCode).toBe(201);
  return projectSchema.parse(response.json());
}

async function readProject(agent: Agent, id: string) {
  return projectSchema.parse((await agent.get(`/api/projects/${id}`)).json());
}

describe.each(TEST_DATABASE_KINDS)('project progress and queue on %s', (kind) => {
  let testApp: TestApp;
  let owner: Agent;
  let db: AppDb;

  beforeAll(async () => {
    testApp = await createTestApp(kind, { env: { ALLOW_PRIVATE_URLS: 'true' } });
    db = testApp.database.db;
    owner = await signUpVerified(testApp, uniqueEmail('queue'));
    const userId = (await owner.get('/api/me/profile')).json().id as string;
    await bookLedgerEntry(db, {
      userId,
      idempotencyKey: `grant:${userId}`,
      delta: 5,
      reason: 'grant',
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('gives waiting jobs their place in line and a wait from recent run times', async () => {
    const first = await createProject(owner, 'First site');
    const second = await createProject(owner, 'Second site');
    const third = await createProject(owner, 'Third site');
    // Nothing runs yet: they start as soon as a worker takes them.
    expect((await readProject(owner, first.id)).queue).toEqual({
      position: 1,
      estimated_wait_seconds: 0,
    });

    // The first starts (one worker slot busy); recent jobs took 40 s each.
    await claimJobLease(db, first.job_id!, 'worker-a', 60_000);
    await db.insert(jobs).values(
      [40, 40].map(() => ({
        projectId: first.id,
        userId: first.user_id,
        status: 'COMPLETED',
        maxAttempts: 3,
        startedAt: sql`now() - interval '100 seconds'`,
        finishedAt: sql`now() - interval '60 seconds'`,
      })),
    );
    const running = await readProject(owner, first.id);
    expect(running.queue).toBeNull();
    expect((await readProject(owner, second.id)).queue).toEqual({
      position: 1,
      estimated_wait_seconds: 40,
    });
    expect((await readProject(owner, third.id)).queue).toEqual({
      position: 2,
      estimated_wait_seconds: 80,
    });
    // The list carries the same.
    const list = (await owner.get('/api/projects')).json() as { items: unknown[] };
    const listed = list.items.map((item) => projectSchema.parse(item));
    expect(listed.find((item) => item.id === third.id)?.queue?.position).toBe(2);
  });

  it('shows the running stage and its progress, and forgets it for a new attempt', async () => {
    const project = await createProject(owner, 'Progress site');
    const job = await claimJobLease(db, project.job_id!, 'worker-b', 60_000);
    expect(job).not.toBeNull();
    expect((await readProject(owner, project.id)).progress).toBeNull();

    await recordJobProgress(db, job!, {
      stage: 'fetch',
      label: 'Reading the site',
      done: 3,
      total: 8,
    });
    expect((await readProject(owner, project.id)).progress).toEqual({
      stage: 'fetch',
      label: 'Reading the site',
      done: 3,
      total: 8,
    });

    // Back in the queue (a retry after a passing error): no stale progress once it runs again.
    await db
      .update(jobs)
      .set({ status: 'QUEUED', leaseOwner: null, leaseExpiresAt: null })
      .where(eq(jobs.id, job!.id));
    expect((await readProject(owner, project.id)).progress).toBeNull();
    await claimJobLease(db, job!.id, 'worker-b', 60_000);
    expect((await readProject(owner, project.id)).progress).toBeNull();

    // A job that is no longer running takes no progress.
    await db.update(jobs).set({ status: 'COMPLETED' }).where(eq(jobs.id, job!.id));
    await recordJobProgress(db, job!, { stage: 'verify', label: 'Checking', done: 1, total: 1 });
    const [row] = await db
      .select({ progress: jobs.progress })
      .from(jobs)
      .where(eq(jobs.id, job!.id));
    expect(row?.progress).toBeNull();
  });
});
