import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { batches, projects, users } from '../src/db/schema';
import { buildLogger } from '../src/lib/logger';
import {
  announceOutcomes,
  BATCH_MAIL_RETRY,
  nextBatchMailAttempt,
} from '../src/services/outcome-notices';
import { createTestApp, signUp, uniqueEmail, type TestApp } from './helpers/test-app';
import { getSubject, startSmtpServer, type TestSmtpServer } from './helpers/smtp-server';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

// A batch's one e-mail (issue 26) is not lost to a mail server that refuses it once: the batch keeps
// it pending and a later sweep sends it, once, through a real SMTP server on loopback. A mail server
// that keeps refusing it is not asked forever: the e-mail is given up after BATCH_MAIL_RETRY, logged.

describe('the retry times of a batch e-mail', () => {
  const ended = new Date('2026-11-27T10:00:00Z');
  const minutes = (from: Date, to: Date | null) =>
    to === null ? null : (to.getTime() - from.getTime()) / 60_000;

  it('waits twice as long after each refusal, up to two hours', () => {
    const delays = Array.from({ length: BATCH_MAIL_RETRY.maxAttempts - 1 }, (_, index) =>
      minutes(ended, nextBatchMailAttempt(index + 1, ended, ended)),
    );
    expect(delays).toEqual([1, 2, 4, 8, 16, 32, 64, 120, 120, 120, 120]);
  });

  it('gives up after the last attempt, or when the next one would fall after a day', () => {
    expect(nextBatchMailAttempt(BATCH_MAIL_RETRY.maxAttempts, ended, ended)).toBeNull();
    const lateNow = new Date(ended.getTime() + BATCH_MAIL_RETRY.maxAgeMs - 30_000);
    expect(nextBatchMailAttempt(1, ended, lateNow)).toBeNull();
    const earlier = new Date(lateNow.getTime() - 60_000);
    expect(minutes(earlier, nextBatchMailAttempt(1, ended, earlier))).toBe(1);
  });
});

describe.each(TEST_DATABASE_KINDS)('the batch e-mail on %s', (kind) => {
  let testApp: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await createTestApp(kind, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** A user's ended two-site batch whose e-mail is due, and what the tests read of it. */
  const endedBatch = async (label: string) => {
    const email = uniqueEmail(label);
    await signUp(testApp.app, email);
    const [user] = await testApp.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.email, email))
      .returning({ id: users.id });
    const userId = user!.id;
    const { db } = testApp.database;
    const [batch] = await db
      .insert(batches)
      .values({
        userId,
        name: 'Spring sites',
        modernizationStrategy: 'INCREMENTAL_UPDATE',
        lineCount: 2,
        accepted: [],
        rejected: [],
      })
      .returning();
    await db.insert(projects).values(
      (['completed', 'failed'] as const).map((status, index) => ({
        userId,
        batchId: batch!.id,
        name: `Site ${index + 1}`,
        sourceUrl: `https://site-${index + 1}.example/`,
        modernizationStrategy: 'INCREMENTAL_UPDATE',
        status,
      })),
    );
    const logLines: string[] = [];
    const deps = {
      db,
      baseUrl: 'http://app.test',
      logger: buildLogger('info', { write: (line: string) => void logLines.push(line) }),
      mailer: testApp.mailer,
    };
    const mails = () =>
      smtp.received
        .filter((mail) => mail.to.includes(email))
        .map((mail) => getSubject(mail.raw))
        .filter((subject) => subject.startsWith('Your batch'));
    const row = async () => (await db.select().from(batches).where(eq(batches.id, batch!.id)))[0]!;
    return { deps, mails, row, logLines };
  };

  it('is tried again after a failed send, not before its retry time, and goes out once', async () => {
    const { deps, mails, row } = await endedBatch('batch-mail');
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });

    // The mail server answers the batch's e-mail "451 try again later" once.
    await testApp.mailer.idle();
    smtp.refuseNext(1);
    expect(await announceOutcomes(deps)).toMatchObject({ batches: 1 });
    expect(mails()).toEqual([]);
    expect(await row()).toMatchObject({
      status: 'completed',
      mailPending: true,
      mailAttempts: 1,
      mailRetryAt: new Date(start + 60_000),
    });

    // The next sweep within the minute leaves it; the first one after sends it.
    await announceOutcomes(deps);
    expect(mails()).toEqual([]);
    vi.setSystemTime(start + 61_000);
    await announceOutcomes(deps);
    expect(mails()).toEqual(['Your batch "Spring sites" is done: 1 of 2 sites ready']);
    await announceOutcomes(deps);
    expect(mails()).toHaveLength(1);
    expect(await row()).toMatchObject({ mailPending: false, mailAttempts: 2 });
  });

  it('is given up, logged, after the last attempt the mail server refused', async () => {
    const { deps, mails, row, logLines } = await endedBatch('batch-mail-refused');
    let now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now });
    await testApp.mailer.idle();
    smtp.refuseNext(BATCH_MAIL_RETRY.maxAttempts);
    for (let attempt = 1; attempt <= BATCH_MAIL_RETRY.maxAttempts; attempt += 1) {
      await announceOutcomes(deps);
      const after = await row();
      expect(after.mailAttempts).toBe(attempt);
      if (attempt < BATCH_MAIL_RETRY.maxAttempts) {
        expect(after.mailPending).toBe(true);
        now = after.mailRetryAt!.getTime();
        vi.setSystemTime(now);
      }
    }
    expect(await row()).toMatchObject({ mailPending: false, mailAttempts: 12 });
    const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(
      logged.filter((entry) => entry.msg === 'batch e-mail could not be sent; given up'),
    ).toEqual([expect.objectContaining({ attempts: 12, level: 50 })]);
    expect(
      logged.filter((entry) => entry.msg === 'batch e-mail could not be sent; trying again later'),
    ).toHaveLength(11);

    // Nothing more is tried, even once the mail server answers again.
    vi.setSystemTime(now + BATCH_MAIL_RETRY.maxAgeMs);
    await announceOutcomes(deps);
    expect(mails()).toEqual([]);
    expect((await row()).mailAttempts).toBe(12);
  });
});
