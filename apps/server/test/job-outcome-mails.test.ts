import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, projects } from '../src/db/schema';
import { buildLogger } from '../src/lib/logger';
import { sendJobOutcomeMails } from '../src/services/job-outcome-mails';
import { startFixtureSite, type FixtureSite } from './helpers/fixture-site';
import { completedProject } from './helpers/preview-fixture';
import {
  getSubject,
  getTextPart,
  startSmtpServer,
  type TestSmtpServer,
} from './helpers/smtp-server';
import {
  createTestApp,
  signIn,
  signUpMarkedVerified,
  TEST_BASE_URL,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

// E-mails about finished projects (issue 22 item 4), through a real SMTP server on loopback.

describe.each(TEST_DATABASE_KINDS)('project e-mails on %s', (kind) => {
  let smtp: TestSmtpServer;
  let site: FixtureSite;
  let testApp: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startFixtureSite();
    testApp = await createTestApp(kind, {
      env: { SMTP_URL: smtp.url, ALLOW_PRIVATE_URLS: 'true' },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await site?.close();
    await smtp?.close();
  });

  const projectMails = (email: string) =>
    smtp.received.filter(
      (mail) => mail.to.includes(email) && getSubject(mail.raw).startsWith('Your project'),
    );
  const sendPending = () =>
    sendJobOutcomeMails({
      db: testApp.database.db,
      mailer: testApp.mailer,
      baseUrl: TEST_BASE_URL,
      logger: buildLogger('silent'),
    });
  /** Ends the project's job as a worker would. */
  const endJobOf = async (
    projectId: string,
    outcome: { status: 'COMPLETED' | 'FAILED'; errorMessage?: string },
  ) => {
    await testApp.database.db
      .update(jobs)
      .set({
        status: outcome.status,
        errorCode: outcome.errorMessage ? 'ENGINE_FETCH_HTTP_STATUS' : null,
        errorMessage: outcome.errorMessage ?? null,
        finishedAt: new Date(),
      })
      .where(eq(jobs.projectId, projectId));
  };
  /** A verified, signed-in account (the verification e-mail went to SMTP: verified in the row). */
  const newUser = async (label: string): Promise<{ agent: Agent; email: string }> => {
    const email = uniqueEmail(label);
    await signUpMarkedVerified(testApp, email);
    return { agent: await signIn(testApp.app, email), email };
  };

  it('mails each outcome once, with the report link, however often it is asked', async () => {
    const done = await newUser('mail-done');
    const doneId = await completedProject(testApp, done.agent);
    await endJobOf(doneId, { status: 'COMPLETED' });
    const failed = await newUser('mail-failed');
    const failedId = await completedProject(testApp, failed.agent);
    await testApp.database.db
      .update(projects)
      .set({ status: 'failed' })
      .where(eq(projects.id, failedId));
    await endJobOf(failedId, {
      status: 'FAILED',
      errorMessage: 'The site answered with an error status.',
    });

    // Workers and sweeps asking at the same time, and again later (at-least-once delivery).
    await Promise.all([sendPending(), sendPending(), sendPending()]);
    await sendPending();

    const [doneMail, ...moreDone] = projectMails(done.email);
    expect(moreDone).toEqual([]);
    expect(getSubject(doneMail?.raw ?? '')).toBe('Your project "Preview fixture" is ready');
    const doneText = getTextPart(doneMail?.raw ?? '');
    expect(doneText).toContain('Sitelift finished modernizing http://127.0.0.1:9/ (2 pages)');
    expect(doneText).toContain(`${TEST_BASE_URL}/project/${doneId}/report`);
    expect(doneText).toContain(`${TEST_BASE_URL}/profile/edit`);

    const [failedMail, ...moreFailed] = projectMails(failed.email);
    expect(moreFailed).toEqual([]);
    expect(getSubject(failedMail?.raw ?? '')).toBe('Your project "Preview fixture" failed');
    const failedText = getTextPart(failedMail?.raw ?? '');
    expect(failedText).toContain('Reason: The site answered with an error status.');
    expect(failedText).toContain('Your credit has been refunded.');
    expect(failedText).toContain(`${TEST_BASE_URL}/project/${failedId}/report`);
  });

  it('sends none to a user who turned project e-mails off in the profile', async () => {
    const quiet = await newUser('mail-quiet');
    expect((await quiet.agent.get('/api/me/profile')).json().notify_job_outcome).toBe(true);
    const turnedOff = await quiet.agent.patch('/api/me/profile', { notify_job_outcome: false });
    expect(turnedOff.statusCode).toBe(200);
    expect(turnedOff.json().notify_job_outcome).toBe(false);
    expect((await quiet.agent.get('/api/me/profile')).json().notify_job_outcome).toBe(false);
    expect(
      (await quiet.agent.patch('/api/me/profile', { notify_job_outcome: 'no' })).statusCode,
    ).toBe(400);

    const projectId = await completedProject(testApp, quiet.agent);
    await endJobOf(projectId, { status: 'COMPLETED' });
    await sendPending();
    expect(projectMails(quiet.email)).toEqual([]);
  });

  it('mails a project the worker ends, once, sweeps included', async () => {
    const worker = await testApp.startWorker({
      engineOptions: { loopbackOnly: true, fetchOptions: { respectRobots: false } },
    });
    const owner = await newUser('mail-worker');
    const created = await owner.agent.post('/api/projects', {
      name: 'Missing site',
      sourceUrl: `${site.url}/missing/`,
      modernizationStrategy: 'INCREMENTAL_UPDATE',
      targetFramework: 'React',
    });
    expect(created.statusCode).toBe(201);
    const mail = await vi.waitFor(
      () => {
        const [first] = projectMails(owner.email);
        if (!first) throw new Error('no project e-mail yet');
        return first;
      },
      { timeout: 120_000, interval: 250 },
    );
    expect(getSubject(mail.raw)).toBe('Your project "Missing site" failed');
    expect(getTextPart(mail.raw)).toContain('Your credit has been refunded.');
    await worker.sweep();
    await sendPending();
    await testApp.mailer.idle();
    expect(projectMails(owner.email)).toHaveLength(1);
  }, 150_000);
});
