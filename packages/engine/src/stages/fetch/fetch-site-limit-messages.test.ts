import { ERROR_CODES } from '@sitelift/shared/error-codes';
import { toLimitMessage } from '@sitelift/shared/error-codes/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FETCH_OPTIONS, fetchSite } from './fetch-site';
import {
  buildRecordingLogger,
  failOnConsoleOutput,
  startTestServer,
  type TestServer,
} from './test-server.fixture';

failOnConsoleOutput();

const STATIC = { allowPrivateUrls: true, browser: 'never' as const };
const ports = () => ({ logger: buildRecordingLogger(), clock: { now: () => Date.now() } });

let site: TestServer;

beforeAll(async () => {
  site = await startTestServer({
    '/big': { body: `<p>${'a'.repeat(2000)}</p>` },
    '/slow': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><body>');
      const timer = setInterval(() => response.write('<p>still here</p>'), 20);
      response.on('close', () => clearInterval(timer));
    },
    '/hop1': { status: 302, headers: { location: '/hop2' } },
    '/hop2': { status: 302, headers: { location: '/hop3' } },
    '/hop3': { status: 302, headers: { location: '/big' } },
  });
});

afterAll(async () => {
  await site.close();
});

const failure = (path: string, options: object): Promise<unknown> =>
  fetchSite(`${site.origin}${path}`, { ...STATIC, ...options }, ports()).then(
    () => expect.unreachable('the fetch should have failed'),
    (error: unknown) => error,
  );

describe('fetchSite: limit errors state the limit that applied (issue 11, item 5)', () => {
  it('says "more than 1 KB" for a page over maxHtmlBytes: 1000', async () => {
    expect(await failure('/big', { maxHtmlBytes: 1000 })).toMatchObject({
      code: 'ENGINE_FETCH_TOO_LARGE',
      message: 'The page is too large (more than 1 KB).',
      details: { maxBytes: 1000 },
    });
  });

  it('says "more than 0.3 seconds" with pageTimeoutMs: 300', async () => {
    expect(await failure('/slow', { pageTimeoutMs: 300 })).toMatchObject({
      code: 'ENGINE_FETCH_TIMEOUT',
      message: 'The site took too long to answer (more than 0.3 seconds).',
    });
  });

  it('says "more than 2" with maxRedirects: 2', async () => {
    expect(await failure('/hop1', { maxRedirects: 2 })).toMatchObject({
      code: 'ENGINE_FETCH_TOO_MANY_REDIRECTS',
      message: 'The site redirects too many times (more than 2).',
    });
  });

  it('keeps as catalogue messages the texts for the default limits', () => {
    expect(ERROR_CODES.ENGINE_FETCH_TOO_LARGE.message).toBe(
      toLimitMessage('ENGINE_FETCH_TOO_LARGE', { maxBytes: DEFAULT_FETCH_OPTIONS.maxHtmlBytes }),
    );
    expect(ERROR_CODES.ENGINE_FETCH_TOO_LARGE.message).toBe(
      'The page is too large (more than 5 MB).',
    );
    expect(ERROR_CODES.ENGINE_FETCH_TIMEOUT.message).toBe(
      toLimitMessage('ENGINE_FETCH_TIMEOUT', { timeoutMs: DEFAULT_FETCH_OPTIONS.pageTimeoutMs }),
    );
    expect(ERROR_CODES.ENGINE_FETCH_TIMEOUT.message).toBe(
      'The site took too long to answer (more than 30 seconds).',
    );
    expect(ERROR_CODES.ENGINE_FETCH_TOO_MANY_REDIRECTS.message).toBe(
      toLimitMessage('ENGINE_FETCH_TOO_MANY_REDIRECTS', {
        maxRedirects: DEFAULT_FETCH_OPTIONS.maxRedirects,
      }),
    );
  });
});
