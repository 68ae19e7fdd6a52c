import net from 'node:net';
import { ERROR_CODES, type ErrorCode } from '@sitelift/shared/error-codes';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/http/app';
import { MAX_URL_LENGTH } from '../src/http/request-guards';
import { openSseClient } from './helpers/sse-client';
import {
  cookieHeader,
  createTestApp,
  signUpVerified,
  TEST_BASE_URL,
  uniqueEmail,
  type TestApp,
} from './helpers/test-app';

// Issue 10, item 9: answers Fastify and Node give before any route runs use `{ error: { code, message } }`
// like every other API error, with a stable code from the catalogue.

/** The exact body of an error answer with the catalogue's message. */
function errorBody(code: ErrorCode) {
  return { error: { code, message: ERROR_CODES[code].message } };
}

/** A raw HTTP answer read off the socket. */
interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  elapsedMs: number;
}

/** Writes `chunks` to a fresh connection (the last one is left hanging) and reads until the server closes. */
function sendRaw(baseUrl: string, chunks: string[]): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      for (const chunk of chunks) socket.write(chunk);
    });
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) {
        reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
        return;
      }
      const head = text.slice(0, split);
      resolve({
        status: Number(head.split(' ')[1]),
        headers: head.toLowerCase(),
        body: text.slice(split + 4),
        elapsedMs: Date.now() - started,
      });
    });
    setTimeout(() => socket.destroy(), 15_000).unref();
  });
}

describe('framework-level answers in the API error shape', () => {
  let testApp: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    testApp = await createTestApp('pglite', {
      requestTimeouts: { headersMs: 600, requestMs: 800, checkIntervalMs: 100 },
    });
    baseUrl = await testApp.listen();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it.each<[string, InjectOptions, number, ErrorCode]>([
    [
      'malformed JSON',
      { method: 'POST', url: '/api/projects', payload: '{"name": ' },
      400,
      'API_MALFORMED_JSON',
    ],
    [
      'a body over the limit',
      { method: 'POST', url: '/api/projects', payload: `"${'x'.repeat(BODY_LIMIT_BYTES)}"` },
      413,
      'API_BODY_TOO_LARGE',
    ],
    [
      'a body that is not JSON',
      {
        method: 'POST',
        url: '/api/projects',
        payload: 'name=x',
        headers: { 'content-type': 'text/plain' },
      },
      415,
      'API_UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a request target over the URL limit',
      { method: 'GET', url: `/api/projects?search=${'a'.repeat(MAX_URL_LENGTH)}` },
      414,
      'API_URL_TOO_LONG',
    ],
    [
      'a route parameter over the router limit',
      { method: 'GET', url: `/api/projects/${'a'.repeat(500)}` },
      414,
      'API_URL_TOO_LONG',
    ],
    [
      'a path that does not percent-decode',
      { method: 'GET', url: '/api/projects/%E0%A4%A' },
      400,
      'API_INVALID_PATH',
    ],
    [
      'an unknown auth route (Better Auth answers an empty 404)',
      { method: 'POST', url: '/api/auth/no-such-route', payload: '{}' },
      404,
      'API_NOT_FOUND',
    ],
  ])('answers %s in the error shape', async (_label, request, status, code) => {
    const response = await testApp.app.inject({
      ...request,
      headers: { 'content-type': 'application/json', origin: TEST_BASE_URL, ...request.headers },
    });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(errorBody(code));
  });

  it('answers a client that stalls while sending its body with 408 and closes the connection', async () => {
    const answer = await sendRaw(baseUrl, [
      'POST /api/projects HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Origin: ${TEST_BASE_URL}\r\nContent-Length: 100\r\n\r\n{"name":`,
    ]);
    expect(answer.status).toBe(408);
    expect(answer.headers).toContain('content-type: application/json');
    expect(answer.headers).toContain('connection: close');
    expect(JSON.parse(answer.body)).toEqual(errorBody('API_REQUEST_TIMEOUT'));
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(700);
    expect(answer.elapsedMs).toBeLessThan(5000);
  });

  it('answers a client that stalls in its headers with 408', async () => {
    const answer = await sendRaw(baseUrl, ['GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n']);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual(errorBody('API_REQUEST_TIMEOUT'));
  });

  it('answers a request line over Node’s header limit with 414 and huge headers with 431', async () => {
    const longUrl = await sendRaw(baseUrl, [
      `GET /api/projects?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    ]);
    expect(longUrl.status).toBe(414);
    expect(JSON.parse(longUrl.body)).toEqual(errorBody('API_URL_TOO_LONG'));

    const bigHeaders = await sendRaw(baseUrl, [
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`,
    ]);
    expect(bigHeaders.status).toBe(431);
    expect(JSON.parse(bigHeaders.body)).toEqual(errorBody('API_HEADERS_TOO_LARGE'));
  });

  it('answers a request Node cannot parse with 400 API_MALFORMED_REQUEST', async () => {
    const answer = await sendRaw(baseUrl, ['HELLO THERE\r\n\r\n']);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual(errorBody('API_MALFORMED_REQUEST'));
  });

  it('keeps an event stream open past the request timeout', async () => {
    // The timeout covers receiving the request only; an SSE answer lasts as long as the client stays.
    const agent = await signUpVerified(testApp, uniqueEmail('timeout'));
    const stream = await openSseClient(`${baseUrl}/api/events`, { cookie: cookieHeader(agent) });
    await stream.waitFor((message) => message.event === 'ready');
    let hasEnded = false;
    void stream.ended.then(() => (hasEnded = true));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(hasEnded).toBe(false);
    stream.close();
  });
});
