import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSseClient } from './helpers/sse-client';
import { unzipProject } from './helpers/unzip-project';
import {
  cookieHeader,
  createTestApp,
  REPO_ROOT,
  signUpVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';

// One real old site of the corpus (wouter-1998: Dutch, windows-1252 without a charset, frames) through
// the whole API: create → log stream → completed → a zip with a buildable project. Skipped without it.
const CORPUS_DIR = path.resolve(REPO_ROOT, process.env.CORPUS_DIR ?? '../shared/corpus');
const SITE_DIR = path.join(CORPUS_DIR, 'wouter-1998');
const HAS_CORPUS = existsSync(path.join(SITE_DIR, 'index.html'));

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.htm': 'text/html',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.css': 'text/css',
};

/** Serves a folder like `python3 -m http.server` does (HTML without a charset). */
async function serveFolder(root: string) {
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    if (!file.startsWith(root)) {
      response.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => {
        response.writeHead(200, {
          'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        });
        response.end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!HAS_CORPUS)('a corpus site through the API (wouter-1998)', () => {
  let testApp: TestApp;
  let site: Awaited<ReturnType<typeof serveFolder>>;
  let agent: Agent;
  let baseUrl: string;

  beforeAll(async () => {
    site = await serveFolder(SITE_DIR);
    testApp = await createTestApp('pglite', { env: { ALLOW_PRIVATE_URLS: 'true' } });
    baseUrl = await testApp.listen();
    await testApp.startWorker({
      engineOptions: { loopbackOnly: true, fetchOptions: { respectRobots: false } },
    });
    agent = await signUpVerified(testApp, uniqueEmail('corpus'));
  });
  afterAll(async () => {
    await testApp?.close();
    await site?.close();
  });

  it('rebuilds it and delivers a buildable project', async () => {
    const created = await agent.post('/api/projects', {
      name: 'Wouter 1998',
      sourceUrl: site.url,
      modernizationStrategy: 'INCREMENTAL_UPDATE',
      targetFramework: 'React',
    });
    expect(created.statusCode).toBe(201);
    const { id, job_id: jobId } = created.json();
    const stream = await openSseClient(`${baseUrl}/logs/${jobId}/stream`, {
      cookie: cookieHeader(agent),
    });
    await stream.ended;
    expect(stream.messages.at(-1)).toEqual({ event: 'end', data: 'COMPLETED' });
    const project = (await agent.get(`/api/projects/${id}`)).json();
    expect(project.report_summary).toMatchObject({ build_ok: true, pages: 3 });
    const zip = await agent.get(project.generated_code_url);
    const files = unzipProject(new Uint8Array(zip.rawPayload), 'wouter-1998');
    const names = Object.keys(files);
    expect(names).toEqual(expect.arrayContaining(['package.json', 'index.html', 'vite.config.ts']));
    expect(names.some((name) => name.startsWith('src/'))).toBe(true);
    const report = JSON.parse(new TextDecoder().decode(files['sitelift-report.json']));
    expect(report.verification.build.ok).toBe(true);
    expect(report.verification.text_coverage).toBeGreaterThan(0.5);
  });
});

if (!HAS_CORPUS) {
  describe('a corpus site through the API', () => {
    it.skip(`skipped: the corpus is missing at ${CORPUS_DIR} (set CORPUS_DIR)`, () => {});
  });
}
