import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq, sql, type SQL } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  startFakeStripeServer,
  type FakeStripeServer,
} from '../src/billing/testing/fake-stripe-server';
import { billingPayments, dataExports, githubTokens, users } from '../src/db/schema';
import type { Worker } from '../src/jobs/worker';
import {
  createCompletedProject,
  createStripeTestApp,
  postStripeEvent,
} from './helpers/billing-test-helpers';
import { startS3Server } from './helpers/s3-server';
import { getSubject, startSmtpServer, type TestSmtpServer } from './helpers/smtp-server';
import {
  createAgent,
  GOOD_PASSWORD,
  signUp,
  signUpMarkedVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { secretOf, totpAt } from './helpers/totp';

// Issue 28, leaving: "Export my data" (prepared by the worker, e-mailed, downloaded) and "Delete my
// account" (password and second factor; the subscription cancelled at the provider; no row, file or
// object of the user left in PostgreSQL or the S3 store; payments kept without the user).

const KIND = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const WEBHOOK_SECRET = 'whsec_sitelift_account_leaving_secret';

describe(`leaving Sitelift on ${KIND}`, () => {
  let smtp: TestSmtpServer;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let fake: FakeStripeServer;
  let testApp: TestApp;
  let worker: Worker;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    s3 = await startS3Server();
    fake = await startFakeStripeServer();
    testApp = await createStripeTestApp(KIND, fake, WEBHOOK_SECRET, {
      ...s3.env,
      SMTP_URL: smtp.url,
      ALLOW_PRIVATE_URLS: 'true',
    });
    worker = await testApp.startWorker();
  });
  afterAll(async () => {
    await testApp?.close();
    await fake?.close();
    await s3?.close();
    await smtp?.close();
  });

  const mailsTo = async (email: string, subjectStart: string) => {
    await testApp.mailer.idle();
    return smtp.received.filter(
      (mail) => mail.to.includes(email) && getSubject(mail.raw).startsWith(subjectStart),
    );
  };

  const newUser = async (label: string) => {
    const email = uniqueEmail(label);
    const userId = await signUpMarkedVerified(testApp, email);
    const agent = createAgent(testApp.app);
    const signedIn = await agent.post('/api/auth/sign-in/email', {
      email,
      password: GOOD_PASSWORD,
    });
    expect(signedIn.statusCode).toBe(200);
    return { email, agent, userId };
  };

  /** Subscribes through the Stripe fake; returns the provider's subscription id. */
  const subscribe = async (agent: Agent) => {
    const attach = await agent.post('/api/billing/attach', {
      product_id: 'prod_sub_freelancer_69',
    });
    expect(attach.statusCode, attach.body).toBe(200);
    const stripeSessionId = String(attach.json().data.checkout_url).split('/').pop() ?? '';
    for (const event of fake.completeCheckout(stripeSessionId)) {
      expect((await postStripeEvent(testApp, event, WEBHOOK_SECRET)).statusCode).toBe(200);
    }
    return String(fake.checkoutSessions.get(stripeSessionId)?.subscription);
  };

  const waitForExport = (agent: Agent) =>
    vi.waitFor(
      async () => {
        const state = (await agent.get('/api/account/export')).json().export;
        expect(state?.status).toBe('ready');
        return state as { id: string; size_bytes: number };
      },
      { timeout: 60_000, interval: 250 },
    );

  /** Rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
  const queryRows = async <T>(statement: SQL): Promise<T[]> => {
    const result = (await testApp.database.db.execute(statement)) as unknown as { rows: T[] };
    return result.rows;
  };

  const s3Keys = async () => {
    const client = new S3Client({
      endpoint: s3.env.S3_ENDPOINT,
      region: s3.env.S3_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.env.S3_BUCKET }));
    client.destroy();
    return (listed.Contents ?? []).map((item) => item.Key ?? '');
  };

  it('prepares the export in the background, e-mails it and lets only its owner download it', async () => {
    const { email, agent } = await newUser('export');
    const projectId = await createCompletedProject(testApp, agent);
    const report = { version: 1, source_url: 'http://127.0.0.1:9/', pages: [] };
    await testApp.artifacts.replaceProjectArtifacts(
      projectId,
      new Map([
        ['project.zip', new TextEncoder().encode('PK-previous-result')],
        ['report.json', new TextEncoder().encode(JSON.stringify(report))],
      ]),
    );
    expect((await agent.get('/api/account/export')).json()).toEqual({ export: null });
    const started = await agent.post('/api/account/export', {});
    expect(started.statusCode).toBe(202);
    expect(started.json().export.status).toBe('pending');
    const ready = await waitForExport(agent);
    expect(ready.size_bytes).toBeGreaterThan(0);
    const [mail] = await mailsTo(email, 'Your Sitelift data export is ready');
    expect(mail).toBeDefined();

    const download = await agent.get(`/api/account/export/${ready.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="sitelift-export-/,
    );
    const files = unzipSync(new Uint8Array(download.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'account.json',
      `projects/rerun-fixture-${projectId.slice(0, 8)}.zip`,
    ]);
    const account = JSON.parse(new TextDecoder().decode(files['account.json']));
    expect(account.profile.email).toBe(email);
    expect(account.projects).toHaveLength(1);
    expect(account.projects[0]).toMatchObject({
      id: projectId,
      name: 'Rerun fixture',
      status: 'completed',
      zip_file: `projects/rerun-fixture-${projectId.slice(0, 8)}.zip`,
    });
    expect(account.reports[projectId]).toEqual(report);
    expect(account.credit_history.map((entry: { reason: string }) => entry.reason).sort()).toEqual([
      'project',
      'signup',
    ]);
    expect(account.sessions).toHaveLength(1);
    expect(JSON.stringify(account)).not.toMatch(/"(token|password|secret|api_key)"/i);
    expect(
      new TextDecoder().decode(files[`projects/rerun-fixture-${projectId.slice(0, 8)}.zip`]),
    ).toBe('PK-previous-result');

    const stranger = await newUser('stranger');
    const stolen = await stranger.agent.get(`/api/account/export/${ready.id}/download`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.code).toBe('API_EXPORT_NOT_FOUND');
    expect(
      (await createAgent(testApp.app).get(`/api/account/export/${ready.id}/download`)).statusCode,
    ).toBe(401);
    // Past its download window, the next worker sweep removes the archive and the row.
    await testApp.database.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, ready.id));
    await worker.sweep();
    expect(await testApp.artifacts.exists(ready.id, 'sitelift-export.zip')).toBe(false);
    expect((await agent.get('/api/account/export')).json()).toEqual({ export: null });
    expect((await agent.get(`/api/account/export/${ready.id}/download`)).statusCode).toBe(404);
  });

  it('deletes the account with password and code: no row, file or object left; payments kept anonymised', async () => {
    const { email, agent, userId } = await newUser('leaver');
    const subscriptionId = await subscribe(agent);
    const projectId = await createCompletedProject(testApp, agent);
    await testApp.database.db.insert(githubTokens).values({
      userId,
      githubUserId: '4242',
      githubUsername: 'leaver',
      accessToken: 'v1:cipher',
    });
    await agent.post('/api/account/export', {});
    const { id: exportId } = await waitForExport(agent);
    expect((await s3Keys()).some((key) => key.startsWith(`${projectId}/`))).toBe(true);
    expect((await s3Keys()).some((key) => key.startsWith(`${exportId}/`))).toBe(true);
    // Two-factor sign-in on: deleting needs a code as well.
    const enabled = await agent.post('/api/auth/two-factor/enable', { password: GOOD_PASSWORD });
    const secret = secretOf(enabled.json().totpURI);
    await agent.post('/api/auth/two-factor/verify-totp', { code: totpAt(secret, Date.now()) });
    const laptop = createAgent(testApp.app);
    await laptop.post('/api/auth/sign-in/email', { email, password: GOOD_PASSWORD });
    await laptop.post('/api/auth/two-factor/verify-totp', { code: totpAt(secret, Date.now()) });
    expect((await laptop.get('/api/projects')).statusCode).toBe(200);

    const wrongPassword = await agent.post('/api/account/delete', {
      password: 'Not-my-password-1',
      code: totpAt(secret, Date.now()),
    });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json().error.code).toBe('API_ACCOUNT_PASSWORD_INCORRECT');
    const noCode = await agent.post('/api/account/delete', { password: GOOD_PASSWORD });
    expect(noCode.json().error.code).toBe('API_ACCOUNT_CODE_REQUIRED');
    const wrongCode = await agent.post('/api/account/delete', {
      password: GOOD_PASSWORD,
      code: '000000' === totpAt(secret, Date.now()) ? '111111' : '000000',
    });
    expect(wrongCode.json().error.code).toBe('API_ACCOUNT_CODE_INVALID');
    expect((await agent.get('/api/projects')).statusCode).toBe(200);

    const deleted = await agent.post('/api/account/delete', {
      password: GOOD_PASSWORD,
      code: totpAt(secret, Date.now()),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    expect((await agent.get('/api/auth/get-session')).json()).toBeNull();
    expect((await laptop.get('/api/projects')).statusCode).toBe(401);

    // The provider cancelled the subscription now, not at the period's end.
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    // No table holds a row of the user, whichever tables exist (every column named like *user_id).
    const columns = await queryRows<{ table_name: string; column_name: string }>(
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and (column_name = 'user_id' or column_name like '%\\_user\\_id')`,
    );
    expect(columns.length).toBeGreaterThan(10);
    for (const { table_name: table, column_name: column } of columns) {
      const [count] = await queryRows<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
      );
      expect(count?.n, `${table}.${column}`).toBe(0);
    }
    expect(await testApp.database.db.select().from(users).where(eq(users.email, email))).toEqual(
      [],
    );
    const [verification] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from verifications where value = ${userId}`,
    );
    expect(verification?.n).toBe(0);
    // Payments stay, without the user (bookkeeping records).
    const kept = await testApp.database.db
      .select({ userId: billingPayments.userId, amount: billingPayments.amount })
      .from(billingPayments);
    expect(kept.some((payment) => payment.userId === null && payment.amount > 0)).toBe(true);
    // No object of the user's projects or exports is left in the S3 store.
    const keys = await s3Keys();
    expect(
      keys.filter((key) => key.startsWith(`${projectId}/`) || key.startsWith(`${exportId}/`)),
    ).toEqual([]);
    expect(await mailsTo(email, 'Your Sitelift account was deleted')).toHaveLength(1);
    // The address can register again, as a new account.
    await signUp(testApp.app, email);
  });
});
