import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@sitelift/shared/schemas/project';
import { hostingConnections, hostingDeploys, projects } from '../src/db/schema';
import { startFakeNetlify, type FakeNetlify } from '../src/hosting/testing/fake-netlify-server';
import { startFakeVercel, type FakeVercel } from '../src/hosting/testing/fake-vercel-server';
import { getUserId } from './helpers/billing-test-helpers';
import {
  createTestApp,
  signUpVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';
import type { Worker } from '../src/jobs/worker';

// One-click deploy (issue 27) through the API, the queue and a real worker, to fake Netlify and
// Vercel APIs on loopback driven by the real @netlify/api and @vercel/sdk clients.

const encode = (value: string) => new TextEncoder().encode(value);
const NETLIFY_TOKEN = 'netlify-user-token-0123456789';
const VERCEL_PARTNER = 'vercel-partner-token-0123456789';

/** The preview build of a project: its links and assets live under /preview/<id>/. */
function previewDist(id: string): Map<string, Uint8Array> {
  const base = `/preview/${id}/`;
  return new Map([
    [
      'dist/index.html',
      encode(
        `<!doctype html><html><head><script type="module" src="${base}assets/app.js"></script></head><body><a href="${base}about">About</a></body></html>`,
      ),
    ],
    ['dist/about/index.html', encode(`<!doctype html><body><a href="${base}">Home</a></body>`)],
    ['dist/assets/app.js', encode(`const basename = "${base}"; document.body.dataset.ok = "1";`)],
    ['dist/images/logo.png', new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 255])],
  ]);
}

describe.each(TEST_DATABASE_KINDS)('one-click deploy on %s', (kind) => {
  let testApp: TestApp;
  let netlify: FakeNetlify;
  let vercel: FakeVercel;
  let worker: Worker;
  const answers: string[] = [];

  beforeAll(async () => {
    netlify = await startFakeNetlify({ tokens: [NETLIFY_TOKEN] });
    vercel = await startFakeVercel({ tokens: [VERCEL_PARTNER, 'vercel-owner-token-0123456789'] });
    testApp = await createTestApp(kind, {
      env: {
        ALLOW_PRIVATE_URLS: 'true',
        NETLIFY_API_URL: netlify.url,
        VERCEL_API_URL: vercel.url,
        VERCEL_WEB_URL: 'https://vercel.test',
        VERCEL_PARTNER_TOKEN: VERCEL_PARTNER,
      },
    });
    worker = await testApp.startWorker();
  });
  afterAll(async () => {
    await testApp?.close();
    await netlify?.close();
    await vercel?.close();
  });

  async function call(agent: Agent, method: string, url: string, json?: unknown) {
    const response = await agent.request({ method: method as 'GET', url, json });
    answers.push(response.body);
    return response;
  }

  /** A completed project with a stored preview build (no job: the worker has nothing to run). */
  async function projectWithDist(agent: Agent): Promise<string> {
    const rows = await testApp.database.db
      .insert(projects)
      .values({
        userId: await getUserId(agent),
        name: 'Corner Bakery',
        sourceUrl: 'https://bakery.example/',
        modernizationStrategy: 'INCREMENTAL_UPDATE',
        status: 'completed',
        reportSummary: {
          pages: 2,
          routes: ['/', '/about'],
          text_coverage: 1,
          build_ok: true,
          not_carried: 0,
          screenshots: [],
          preview: true,
        },
      })
      .returning({ id: projects.id });
    const id = rows[0]?.id ?? '';
    await testApp.artifacts.replaceProjectArtifacts(id, previewDist(id));
    return id;
  }

  /** Waits until the project's hosted site leaves deploying/removing. */
  async function settled(agent: Agent, id: string): Promise<Project> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const project = (await call(agent, 'GET', `/api/projects/${id}`)).json() as Project;
      const status = project.hosting?.status;
      if (status !== 'deploying' && status !== 'removing') return project;
      if (Date.now() > deadline) throw new Error(`still ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('connects a provider with a token checked by the provider, stored encrypted', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('host-connect'));
    const before = await call(agent, 'GET', '/api/me/hosting');
    expect(before.json().providers.map((item: { provider: string }) => item.provider)).toEqual([
      'netlify',
      'vercel',
      'cloudflare',
    ]);
    expect(before.json().providers[1]).toMatchObject({ connected: false, claimable: true });

    const refused = await call(agent, 'PUT', '/api/me/hosting/netlify', {
      token: 'wrong-token-0123456789',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toMatch(/^Netlify refused the token/);

    const bad = await call(agent, 'PUT', '/api/me/hosting/netlify', { token: 'has space in it' });
    expect(bad.statusCode).toBe(400);

    const connected = await call(agent, 'PUT', '/api/me/hosting/netlify', { token: NETLIFY_TOKEN });
    expect(connected.statusCode).toBe(200);
    expect(connected.json().providers[0]).toMatchObject({
      provider: 'netlify',
      connected: true,
      account: 'owner@example.test',
      token_last4: '6789',
    });
    const rows = await testApp.database.db
      .select()
      .from(hostingConnections)
      .where(eq(hostingConnections.provider, 'netlify'));
    const row = rows.find((candidate) => candidate.accountName === 'owner@example.test');
    expect(row?.token).toMatch(/^v1:/);
    expect(row?.token).not.toContain(NETLIFY_TOKEN);

    const gone = await call(agent, 'DELETE', '/api/me/hosting/netlify');
    expect(gone.json().providers[0].connected).toBe(false);
  });

  it('deploys the built site, deploys again to the same site, and removes it', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('host-deploy'));
    const id = await projectWithDist(agent);
    const notConnected = await call(agent, 'POST', `/api/projects/${id}/hosting`, {
      provider: 'netlify',
    });
    expect(notConnected.statusCode).toBe(400);
    expect(notConnected.json().error.code).toBe('API_HOSTING_NOT_CONNECTED');
    await call(agent, 'PUT', '/api/me/hosting/netlify', { token: NETLIFY_TOKEN });

    const started = await call(agent, 'POST', `/api/projects/${id}/hosting`, {
      provider: 'netlify',
    });
    expect(started.statusCode).toBe(202);
    const busy = await call(agent, 'POST', `/api/projects/${id}/hosting`, { provider: 'netlify' });
    expect(busy.statusCode).toBe(409);

    const live = await settled(agent, id);
    expect(live.hosting).toMatchObject({
      provider: 'netlify',
      mode: 'own',
      status: 'live',
      error: null,
    });
    expect(live.hosting?.url).toMatch(/^https:\/\/.+\.netlify\.app$/);
    const site = [...netlify.sites.values()].find((candidate) =>
      live.hosting?.url?.includes(candidate.name),
    );
    expect(site).toBeDefined();

    // The deployed files are the project's dist/ made for '/', plus the SPA rewrite.
    const expected = new Map(
      [...previewDist(id)].map(([name, bytes]) => [
        name.slice('dist/'.length),
        Buffer.from(bytes).toString('utf8').replaceAll(`/preview/${id}/`, '/'),
      ]),
    );
    expected.set('_redirects', '/*    /index.html   200\n');
    const deployed = netlify.liveFiles(site?.id ?? '');
    expect(new Map([...deployed].map(([name, bytes]) => [name, bytes.toString('utf8')]))).toEqual(
      expected,
    );
    expect(deployed.get('index.html')?.toString()).toContain('src="/assets/app.js"');
    expect(deployed.get('images/logo.png')).toEqual(
      Buffer.from(previewDist(id).get('dist/images/logo.png') ?? []),
    );

    const details = (await call(agent, 'GET', `/api/projects/${id}/hosting`)).json();
    expect(details.deploys[0].status).toBe('COMPLETED');
    expect(
      details.deploys[0].logs.map((line: { message: string }) => line.message).join('\n'),
    ).toMatch(/uploading 5[\s\S]*Live at https:/);

    // Deploy again: the same site, nothing to upload.
    const uploads = netlify.uploads.length;
    expect(
      (await call(agent, 'POST', `/api/projects/${id}/hosting`, { provider: 'netlify' }))
        .statusCode,
    ).toBe(202);
    const again = await settled(agent, id);
    expect(again.hosting?.url).toBe(live.hosting?.url);
    expect(netlify.uploads.length).toBe(uploads);
    expect(netlify.sites.size).toBeGreaterThanOrEqual(1);

    const elsewhere = await call(agent, 'POST', `/api/projects/${id}/hosting`, {
      provider: 'vercel',
      mode: 'claim',
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error.message).toMatch(/hosted at Netlify/);

    const removed = await call(agent, 'DELETE', `/api/projects/${id}/hosting`);
    expect(removed.statusCode).toBe(202);
    const after = await settled(agent, id);
    expect(after.hosting).toBeNull();
    expect(netlify.sites.has(site?.id ?? '')).toBe(false);
  });

  it('says what the host answered when the token was revoked, and leaves no site', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('host-revoked'));
    const id = await projectWithDist(agent);
    await call(agent, 'PUT', '/api/me/hosting/netlify', { token: NETLIFY_TOKEN });
    const sites = netlify.sites.size;
    netlify.tokens.delete(NETLIFY_TOKEN);
    try {
      await call(agent, 'POST', `/api/projects/${id}/hosting`, { provider: 'netlify' });
      const failed = await settled(agent, id);
      expect(failed.hosting).toMatchObject({ status: 'failed', url: null });
      expect(failed.hosting?.error).toMatch(/^Netlify refused the token .*Settings → Hosting/);
      expect(netlify.sites.size).toBe(sites);
      const details = (await call(agent, 'GET', `/api/projects/${id}/hosting`)).json();
      expect(details.deploys[0]).toMatchObject({ status: 'FAILED' });
    } finally {
      netlify.tokens.add(NETLIFY_TOKEN);
    }
  });

  it('deploys a claimable site with the partner token and hands over its claim link', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('host-claim'));
    const id = await projectWithDist(agent);
    const cloudflareClaim = await call(agent, 'POST', `/api/projects/${id}/hosting`, {
      provider: 'cloudflare',
      mode: 'claim',
    });
    expect(cloudflareClaim.json().error.code).toBe('API_HOSTING_CLAIM_NOT_OFFERED');

    await call(agent, 'POST', `/api/projects/${id}/hosting`, { provider: 'vercel', mode: 'claim' });
    const live = await settled(agent, id);
    expect(live.hosting).toMatchObject({ provider: 'vercel', mode: 'claim', status: 'live' });
    const claimUrl = new URL(live.hosting?.claim_url ?? '');
    expect(claimUrl.origin + claimUrl.pathname).toBe('https://vercel.test/claim-deployment');
    const hours = (Date.parse(live.hosting?.claim_expires_at ?? '') - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const project = vercel.claim(
      claimUrl.searchParams.get('code') ?? '',
      'vercel-owner-token-0123456789',
    );
    expect(vercel.liveFiles(project.id).get('vercel.json')?.toString()).toContain('/index.html');
  });

  it('deleting a project deletes its claimable site at the host, not a site in the own account', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('host-delete'));
    const claimed = await projectWithDist(agent);
    await call(agent, 'POST', `/api/projects/${claimed}/hosting`, {
      provider: 'vercel',
      mode: 'claim',
    });
    const live = await settled(agent, claimed);
    const site = [...vercel.projects.values()].find((candidate) =>
      live.hosting?.url?.includes(candidate.name),
    );
    expect(site).toBeDefined();

    await call(agent, 'PUT', '/api/me/hosting/netlify', { token: NETLIFY_TOKEN });
    const own = await projectWithDist(agent);
    await call(agent, 'POST', `/api/projects/${own}/hosting`, { provider: 'netlify' });
    const ownLive = await settled(agent, own);
    const ownSite = [...netlify.sites.values()].find((candidate) =>
      ownLive.hosting?.url?.includes(candidate.name),
    );
    expect(ownSite).toBeDefined();

    expect((await call(agent, 'DELETE', `/api/projects/${claimed}`)).statusCode).toBe(204);
    expect((await call(agent, 'DELETE', `/api/projects/${own}`)).statusCode).toBe(204);
    const deadline = Date.now() + 30_000;
    while (vercel.projects.has(site!.id)) {
      if (Date.now() > deadline) throw new Error('the claimable site is still at the host');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The user's own account keeps the site they deployed there.
    expect(netlify.sites.has(ownSite!.id)).toBe(true);
  });

  it('ends a run whose worker died, so the card stops waiting and the next run starts', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('host-lost'));
    const userId = await getUserId(agent);
    const { db } = testApp.database;
    const lostProject = await projectWithDist(agent);
    const busyProject = await projectWithDist(agent);
    const insertRun = async (projectId: string, startedMinutesAgo: number) => {
      const [run] = await db
        .insert(hostingDeploys)
        .values({
          projectId,
          userId,
          provider: 'vercel',
          mode: 'claim',
          action: 'deploy',
          status: 'RUNNING',
          startedAt: new Date(Date.now() - startedMinutesAgo * 60_000),
        })
        .returning();
      await db
        .update(projects)
        .set({
          hosting: {
            provider: 'vercel',
            mode: 'claim',
            status: 'deploying',
            siteId: null,
            siteName: null,
            claimKey: null,
            url: null,
            claimUrl: null,
            claimExpiresAt: null,
            error: null,
            progress: { label: 'Uploading', done: 1, total: 4 },
            deployedAt: null,
            deployId: run!.id,
          },
        })
        .where(eq(projects.id, projectId));
      return run!.id;
    };
    // Taken 25 minutes ago by a worker that died; the other taken a minute ago, still going.
    const lostRun = await insertRun(lostProject, 25);
    const busyRun = await insertRun(busyProject, 1);

    await worker.sweep();
    const ended = (await call(agent, 'GET', `/api/projects/${lostProject}`)).json() as Project;
    expect(ended.hosting).toMatchObject({
      status: 'failed',
      error: 'The deploy stopped: the worker running it went away. Deploy again.',
      progress: null,
    });
    const [lostRow] = await db.select().from(hostingDeploys).where(eq(hostingDeploys.id, lostRun));
    expect(lostRow).toMatchObject({ status: 'FAILED' });
    expect(lostRow?.logs.at(-1)).toMatchObject({ level: 'ERROR' });
    const [busyRow] = await db.select().from(hostingDeploys).where(eq(hostingDeploys.id, busyRun));
    expect(busyRow?.status).toBe('RUNNING');
    const busy = await call(agent, 'POST', `/api/projects/${busyProject}/hosting`, {
      provider: 'vercel',
      mode: 'claim',
    });
    expect(busy.json().error.code).toBe('API_HOSTING_BUSY');

    const again = await call(agent, 'POST', `/api/projects/${lostProject}/hosting`, {
      provider: 'vercel',
      mode: 'claim',
    });
    expect(again.statusCode).toBe(202);
    expect((await settled(agent, lostProject)).hosting).toMatchObject({ status: 'live' });
  });

  it("keeps one user's sites and runs from another", async () => {
    const owner = await signUpVerified(testApp, uniqueEmail('host-owner'));
    const intruder = await signUpVerified(testApp, uniqueEmail('host-intruder'));
    const id = await projectWithDist(owner);
    for (const [method, url, json] of [
      ['GET', `/api/projects/${id}/hosting`, undefined],
      ['POST', `/api/projects/${id}/hosting`, { provider: 'vercel', mode: 'claim' }],
      ['DELETE', `/api/projects/${id}/hosting`, undefined],
    ] as const) {
      expect((await call(intruder, method, url, json)).statusCode).toBe(404);
    }
  });

  it('never answers a token', () => {
    for (const body of answers) {
      expect(body).not.toContain(NETLIFY_TOKEN);
      expect(body).not.toContain(VERCEL_PARTNER);
    }
  });
});
