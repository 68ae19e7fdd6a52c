import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalArtifactStore, type ArtifactStore } from '../src/artifacts/artifact-store';
import { createS3ArtifactStore } from '../src/artifacts/s3-artifact-store';
import { startFixtureSite, type FixtureSite } from './helpers/fixture-site';
import { startS3Server } from './helpers/s3-server';
import { unzipProject } from './helpers/unzip-project';
import { createTestApp, signUpVerified, uniqueEmail, type TestApp } from './helpers/test-app';

const encode = (value: string) => new TextEncoder().encode(value);

describe.each(['local', 's3'] as const)('the %s artifact store', (kind) => {
  let store: ArtifactStore;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (kind === 'local') {
      const root = await mkdtemp(path.join(tmpdir(), 'sitelift-artifacts-'));
      store = createLocalArtifactStore(root);
      cleanup = () => rm(root, { recursive: true, force: true });
    } else {
      const s3 = await startS3Server();
      store = createS3ArtifactStore({
        bucket: s3.env.S3_BUCKET,
        endpoint: s3.env.S3_ENDPOINT,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      });
      cleanup = () => s3.close();
    }
  });
  afterAll(async () => {
    await cleanup?.();
  });

  it('replaces, reads and deletes a project’s artifacts', async () => {
    const projectId = randomUUID();
    const other = randomUUID();
    await store.replaceProjectArtifacts(
      projectId,
      new Map([
        ['report.json', encode('{"version":1}')],
        ['dist/index.html', encode('<h1>old</h1>')],
        ['dist/assets/old.js', encode('old()')],
      ]),
    );
    await store.replaceProjectArtifacts(other, new Map([['report.json', encode('{}')]]));
    await store.replaceProjectArtifacts(
      projectId,
      new Map([
        ['report.json', encode('{"version":2}')],
        ['dist/index.html', encode('<h1>new</h1>')],
      ]),
    );
    const opened = await store.open(projectId, 'dist/index.html');
    expect(opened?.size).toBe(12);
    if (!opened) throw new Error('dist/index.html is missing');
    expect(await text(opened.stream)).toBe('<h1>new</h1>');
    expect(await store.exists(projectId, 'report.json')).toBe(true);
    expect(await store.exists(projectId, 'dist/assets/old.js')).toBe(false);
    expect(await store.open(projectId, 'missing.png')).toBeNull();
    expect(await store.open(projectId, '../' + other + '/report.json')).toBeNull();
    expect(await store.exists(projectId, 'dist/../../x')).toBe(false);
    await expect(
      store.replaceProjectArtifacts(projectId, new Map([['../escape.txt', encode('x')]])),
    ).rejects.toThrow();
    await store.deleteProject(projectId);
    expect(await store.exists(projectId, 'report.json')).toBe(false);
    expect(await store.exists(other, 'report.json')).toBe(true);
  });

  it('lists a project’s artifacts under a prefix, and none of another project', async () => {
    const projectId = randomUUID();
    await store.replaceProjectArtifacts(
      projectId,
      new Map([
        ['report.json', encode('{}')],
        ['dist/index.html', encode('<h1>home</h1>')],
        ['dist/about/index.html', encode('<h1>about</h1>')],
        ['dist/assets/app.js', encode('app()')],
      ]),
    );
    expect((await store.list(projectId, 'dist/')).sort()).toEqual([
      'dist/about/index.html',
      'dist/assets/app.js',
      'dist/index.html',
    ]);
    expect(await store.list(randomUUID(), 'dist/')).toEqual([]);
    await store.deleteProject(projectId);
    expect(await store.list(projectId, 'dist/')).toEqual([]);
  });
});

describe('a project run with S3 artifacts', () => {
  let site: FixtureSite;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let testApp: TestApp;

  beforeAll(async () => {
    site = await startFixtureSite();
    s3 = await startS3Server();
    testApp = await createTestApp('pglite', { env: { ALLOW_PRIVATE_URLS: 'true', ...s3.env } });
  });
  afterAll(async () => {
    await testApp?.close();
    await s3?.close();
    await site?.close();
  });

  it('stores the zip, report, screenshots and preview in the bucket and deletes them', async () => {
    expect(testApp.artifacts.kind).toBe('s3');
    await testApp.startWorker({
      engineOptions: { loopbackOnly: true, fetchOptions: { respectRobots: false } },
    });
    const agent = await signUpVerified(testApp, uniqueEmail('s3'));
    const created = (
      await agent.post('/api/projects', {
        name: 'Bucket shop',
        sourceUrl: `${site.url}/shop/`,
        modernizationStrategy: 'INCREMENTAL_UPDATE',
        targetFramework: 'React',
      })
    ).json();
    const project = await vi.waitFor(
      async () => {
        const current = (await agent.get(`/api/projects/${created.id}`)).json();
        expect(['completed', 'failed']).toContain(current.status);
        return current;
      },
      { timeout: 150_000, interval: 250 },
    );
    expect(project.status).toBe('completed');
    const zip = await agent.get(project.generated_code_url);
    expect(zip.statusCode).toBe(200);
    expect(Object.keys(unzipProject(new Uint8Array(zip.rawPayload), 'bucket-shop'))).toContain(
      'package.json',
    );
    expect((await agent.get(project.report_url)).json().version).toBe(1);
    expect((await agent.get(project.thumbnails.after)).headers['content-type']).toBe('image/webp');
    const page = await agent.get(`/preview/${created.id}/`, { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe('sandbox allow-scripts');
    expect(await testApp.artifacts.exists(created.id, 'project.zip')).toBe(true);
    await agent.request({ method: 'DELETE', url: `/api/projects/${created.id}` });
    expect(await testApp.artifacts.exists(created.id, 'project.zip')).toBe(false);
    expect(await testApp.artifacts.exists(created.id, 'dist/index.html')).toBe(false);
  });
});
