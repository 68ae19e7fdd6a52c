import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, projects, users } from '../src/db/schema';
import { buildLogger } from '../src/lib/logger';
import { announceOutcomes } from '../src/services/outcome-notices';
import { createTestApp, signUp, uniqueEmail, type TestApp } from './helpers/test-app';
import { getSubject, startSmtpServer, type TestSmtpServer } from './helpers/smtp-server';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

// A batch's one e-mail (issue 26) is not lost to a mail server that refuses it once: the batch keeps
// it pending and the next sweep sends it, once, through a real SMTP server on loopback.

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

  it('is tried again after a failed send and goes out once', async () => {
    const email = uniqueEmail('batch-mail');
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
    const deps = {
      db,
      baseUrl: 'http://app.test',
      logger: buildLogger('silent'),
      mailer: testApp.mailer,
    };
    const mails = () =>
      smtp.received
        .filter((mail) => mail.to.includes(email))
        .map((mail) => getSubject(mail.raw))
        .filter((subject) => subject.startsWith('Your batch'));

    // The mail server answers the batch's e-mail "451 try again later" once.
    await testApp.mailer.idle();
    smtp.refuseNext(1);
    expect(await announceOutcomes(deps)).toMatchObject({ batches: 1 });
    expect(mails()).toEqual([]);
    const [waiting] = await db.select().from(batches).where(eq(batches.id, batch!.id));
    expect(waiting).toMatchObject({ status: 'completed', mailPending: true });

    await announceOutcomes(deps);
    expect(mails()).toEqual(['Your batch "Spring sites" is done: 1 of 2 sites ready']);
    await announceOutcomes(deps);
    expect(mails()).toHaveLength(1);
    const [done] = await db.select().from(batches).where(eq(batches.id, batch!.id));
    expect(done?.mailPending).toBe(false);
  });
});
