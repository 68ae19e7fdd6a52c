import { afterEach, describe, expect, it } from 'vitest';
import { createCloudflareClient } from './cloudflare-client';
import { HostingError, type HostingClient, type SiteFile } from './hosting-provider';
import { createNetlifyClient } from './netlify-client';
import { toRedirectFile } from './site-files';
import { startFakeCloudflare } from './testing/fake-cloudflare-server';
import type { FakeHost } from './testing/fake-host-server';
import { startFakeNetlify } from './testing/fake-netlify-server';
import { startFakeVercel } from './testing/fake-vercel-server';
import { createVercelClient } from './vercel-client';

const CLAIM_SECRET = 'netlify-partner-secret';

/** A host, its fake and the paths the faults aim at. */
interface Case {
  name: 'netlify' | 'vercel' | 'cloudflare';
  start(): Promise<{
    fake: FakeHost & {
      uploads: string[];
      liveFiles(id: string): Map<string, Buffer>;
      blobs: Map<string, Buffer>;
    };
    client: (token: string) => HostingClient;
    /** How many sites the host holds now. */
    siteCount(): number;
  }>;
  uploadPath: RegExp;
  createSitePath: RegExp;
  deployPath: RegExp;
}

const CASES: Case[] = [
  {
    name: 'netlify',
    async start() {
      const fake = await startFakeNetlify({ clientSecret: CLAIM_SECRET });
      return {
        fake,
        client: (token) =>
          createNetlifyClient({
            apiUrl: fake.url,
            token,
            pollMs: 5,
            claim: { clientId: 'partner', clientSecret: CLAIM_SECRET, webUrl: 'https://app.test' },
          }),
        siteCount: () => fake.sites.size,
      };
    },
    uploadPath: /^\/deploys\/[^/]+\/files\//,
    createSitePath: /^\/sites$/,
    deployPath: /^\/sites\/[^/]+\/deploys$/,
  },
  {
    name: 'vercel',
    async start() {
      const fake = await startFakeVercel();
      return {
        fake,
        client: (token) => createVercelClient({ apiUrl: fake.url, token, pollMs: 5 }),
        siteCount: () => fake.projects.size,
      };
    },
    uploadPath: /^\/v2\/files$/,
    createSitePath: /^\/v11\/projects$/,
    deployPath: /^\/v13\/deployments$/,
  },
  {
    name: 'cloudflare',
    async start() {
      const fake = await startFakeCloudflare();
      return {
        fake,
        client: (token) => createCloudflareClient({ apiUrl: fake.url, token, pollMs: 5 }),
        siteCount: () => fake.projects.size,
      };
    },
    uploadPath: /^\/pages\/assets\/upload$/,
    createSitePath: /^\/accounts\/[^/]+\/pages\/projects$/,
    deployPath: /^\/accounts\/[^/]+\/pages\/projects\/[^/]+\/deployments$/,
  },
];

const GOOD_TOKEN = {
  netlify: 'netlify-good-token',
  vercel: 'vercel-good-token',
  cloudflare: 'cloudflare-good-token',
};

function siteFiles(name: Case['name'], extra = ''): SiteFile[] {
  const encoder = new TextEncoder();
  return [
    { path: 'index.html', bytes: encoder.encode('<!doctype html><h1>Home</h1>') },
    { path: 'about/index.html', bytes: encoder.encode(`<!doctype html><h1>About${extra}</h1>`) },
    { path: 'assets/app-1a2b.js', bytes: encoder.encode('console.log(1)') },
    // The same bytes twice: one upload serves both paths.
    { path: 'assets/copy.js', bytes: encoder.encode('console.log(1)') },
    { path: 'favicon.png', bytes: new Uint8Array([137, 80, 78, 71, 0, 1, 2, 255]) },
    toRedirectFile(name),
  ];
}

function collect() {
  const lines: string[] = [];
  return {
    lines,
    reporter: { log: (message: string) => lines.push(message), progress: () => {} },
  };
}

const running: FakeHost[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

describe.each(CASES)('$name through its real client', (testCase) => {
  async function setUp() {
    const started = await testCase.start();
    running.push(started.fake);
    return started;
  }

  it('deploys the files, then deploys again uploading only the changed one', async () => {
    const { fake, client } = await setUp();
    const host = client(GOOD_TOKEN[testCase.name]);
    const files = siteFiles(testCase.name);
    const first = await host.deploy({
      site: undefined,
      name: 'Bakery Site',
      files,
      claimable: false,
      reporter: collect().reporter,
    });
    expect(first.url).toMatch(/^https:\/\//);
    const live = fake.liveFiles(first.site.siteId);
    expect(new Map([...live].map(([path, bytes]) => [path, bytes.toString('base64')]))).toEqual(
      new Map(files.map((file) => [file.path, Buffer.from(file.bytes).toString('base64')])),
    );
    const uploadsBefore = fake.uploads.length;
    // Cloudflare takes _redirects beside the manifest, so it is one asset fewer.
    expect(uploadsBefore).toBe(testCase.name === 'cloudflare' ? 4 : 5);

    const changed = siteFiles(testCase.name, ' us');
    const second = await host.deploy({
      site: first.site,
      name: 'Bakery Site',
      files: changed,
      claimable: false,
      reporter: collect().reporter,
    });
    expect(second.site.siteId).toBe(first.site.siteId);
    expect(fake.uploads.length - uploadsBefore).toBe(1);
    expect(fake.liveFiles(first.site.siteId).get('about/index.html')?.toString()).toContain(
      'About us',
    );
  });

  it('retries a failed upload', async () => {
    const { fake, client } = await setUp();
    fake.fail({ path: testCase.uploadPath, count: 1, status: 500 });
    const log = collect();
    const outcome = await client(GOOD_TOKEN[testCase.name]).deploy({
      site: undefined,
      name: 'retry',
      files: siteFiles(testCase.name),
      claimable: false,
      reporter: log.reporter,
    });
    expect(fake.liveFiles(outcome.site.siteId).size).toBe(6);
    expect(
      fake.requests.filter(
        (request) => testCase.uploadPath.test(request.path) && request.status === 500,
      ),
    ).toHaveLength(1);
    expect(log.lines.join('\n')).toMatch(/failed \(500\); retrying/);
  });

  it('says in plain words that a token was refused, and makes nothing', async () => {
    const { client, siteCount } = await setUp();
    const host = client('revoked-token');
    await expect(host.verifyToken()).rejects.toThrow(/refused the token/);
    const failure = await host
      .deploy({
        site: undefined,
        name: 'x',
        files: siteFiles(testCase.name),
        claimable: false,
        reporter: collect().reporter,
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HostingError);
    expect((failure as HostingError).status).toBe(401);
    expect((failure as HostingError).message).toMatch(/connect a new one in Settings → Hosting/);
    expect(siteCount()).toBe(0);
  });

  it('waits as long as a rate limit asks, then goes on', async () => {
    const { fake, client } = await setUp();
    const resetAt = String(Math.ceil(Date.now() / 1000) + 1);
    fake.fail({
      path: testCase.createSitePath,
      count: 1,
      status: 429,
      headers: { 'retry-after': '1', 'x-ratelimit-reset': resetAt },
    });
    const started = Date.now();
    await client(GOOD_TOKEN[testCase.name]).deploy({
      site: undefined,
      name: 'limited',
      files: siteFiles(testCase.name),
      claimable: false,
      reporter: collect().reporter,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.requests.filter((request) => request.status === 429)).toHaveLength(1);
  });

  it('removes the site it created when the deploy fails', async () => {
    const { fake, client, siteCount } = await setUp();
    fake.fail({
      method: 'POST',
      path: testCase.deployPath,
      count: 10,
      status: 422,
      json: undefined,
    });
    const failure = await client(GOOD_TOKEN[testCase.name])
      .deploy({
        site: undefined,
        name: 'doomed',
        files: siteFiles(testCase.name),
        claimable: false,
        reporter: collect().reporter,
      })
      .catch((error: unknown) => error);
    expect((failure as HostingError).status).toBe(422);
    expect((failure as HostingError).message).toMatch(/refused the deploy \(422\)/);
    expect(siteCount()).toBe(0);
  });

  it('deletes a site, and a site already gone counts as deleted', async () => {
    const { client, siteCount } = await setUp();
    const host = client(GOOD_TOKEN[testCase.name]);
    const { site } = await host.deploy({
      site: undefined,
      name: 'gone',
      files: siteFiles(testCase.name),
      claimable: false,
      reporter: collect().reporter,
    });
    expect(siteCount()).toBe(1);
    await host.deleteSite(site);
    expect(siteCount()).toBe(0);
    await expect(host.deleteSite(site)).resolves.toBeUndefined();
  });
});

describe('claimable deploys', () => {
  it('Netlify: the claim link moves the site to the owner, signed with the partner secret', async () => {
    const fake = await startFakeNetlify({
      clientSecret: CLAIM_SECRET,
      tokens: ['partner-token', 'owner-token'],
    });
    running.push(fake);
    const partner = createNetlifyClient({
      apiUrl: fake.url,
      token: 'partner-token',
      pollMs: 5,
      claim: {
        clientId: 'partner',
        clientSecret: CLAIM_SECRET,
        webUrl: 'https://app.netlify.test',
      },
    });
    const { site } = await partner.deploy({
      site: undefined,
      name: 'claim me',
      files: siteFiles('netlify'),
      claimable: true,
      reporter: collect().reporter,
    });
    const link = await partner.createClaimLink?.(site);
    expect(link?.url).toMatch(/^https:\/\/app\.netlify\.test\/claim#[\w-]+\.[\w-]+\.[\w-]+$/);
    const jwt = link?.url.split('#')[1] ?? '';
    expect(() => fake.claim(`${jwt}x`, 'owner-token')).toThrow(/not signed/);
    fake.claim(jwt, 'owner-token');
    const owner = createNetlifyClient({ apiUrl: fake.url, token: 'owner-token', pollMs: 5 });
    // The owner deploys to it now; the partner no longer can.
    await expect(
      owner.deploy({
        site,
        name: 'claim me',
        files: siteFiles('netlify'),
        claimable: false,
        reporter: collect().reporter,
      }),
    ).resolves.toBeDefined();
    await expect(
      partner.deploy({
        site,
        name: 'claim me',
        files: siteFiles('netlify'),
        claimable: true,
        reporter: collect().reporter,
      }),
    ).rejects.toThrow(/no longer has this site/);
  });

  it('Vercel: a transfer request code, valid for 24 hours, moves the project', async () => {
    const fake = await startFakeVercel({ tokens: ['partner-token', 'owner-token'] });
    running.push(fake);
    const partner = createVercelClient({
      apiUrl: fake.url,
      token: 'partner-token',
      pollMs: 5,
      webUrl: 'https://vercel.test',
    });
    const { site } = await partner.deploy({
      site: undefined,
      name: 'claim me',
      files: siteFiles('vercel'),
      claimable: true,
      reporter: collect().reporter,
    });
    const link = await partner.createClaimLink?.(site);
    const code = new URL(link?.url ?? '').searchParams.get('code') ?? '';
    expect(link?.url.startsWith('https://vercel.test/claim-deployment?code=')).toBe(true);
    const hours = ((link?.expiresAt?.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(() => fake.claim(code, 'owner-token', Date.now() + 25 * 3_600_000)).toThrow(/expired/);
    fake.claim(code, 'owner-token');
    expect(fake.projects.get(site.siteId)?.owner).toBe('owner-token');
  });
});
