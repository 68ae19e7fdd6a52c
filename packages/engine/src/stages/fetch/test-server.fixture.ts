import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { lookup } from 'mrmime';
import type { EnginePorts, Logger } from '../../ports';
import type { LogEvent, ProgressEvent, RawSite } from '../../types';
import { fetchSite } from './fetch-site';

/** A canned response: status, headers and body. */
export interface CannedResponse {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

/** A route of a test server: a canned response or a handler. */
export type TestRoute =
  CannedResponse | ((request: IncomingMessage, response: ServerResponse) => void);

/** A running loopback HTTP server for tests. */
export interface TestServer {
  /** http://127.0.0.1:<port> (or the given host) without a trailing slash. */
  origin: string;
  port: number;
  /** Paths requested, in order. */
  requests: string[];
  /** The underlying server (to listen for upgrades...). */
  server: Server;
  close(): Promise<void>;
}

/** Starts an HTTP server on `host` (default 127.0.0.1) and `port` (default 0: random), answering `routes` by path (+ query); else 404. */
export async function startTestServer(
  routes: Record<string, TestRoute>,
  host = '127.0.0.1',
  port = 0,
): Promise<TestServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push(path);
    const route = routes[path] ?? routes[path.split('?')[0] ?? ''];
    if (typeof route === 'function') return route(request, response);
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/html' });
      return response.end('<h1>Not found</h1>');
    }
    response.writeHead(route.status ?? 200, {
      'content-type': 'text/html; charset=utf-8',
      ...route.headers,
    });
    response.end(route.body ?? '');
  });
  return listen(server, host, requests, port);
}

async function listen(
  server: Server,
  host: string,
  requests: string[],
  requestedPort = 0,
): Promise<TestServer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(requestedPort, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    port,
    requests,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Serves a folder like a plain static host (content type by extension, no charset, / -> index.html). */
export async function serveFolder(folder: string): Promise<TestServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    let path = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    requests.push(path);
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(folder, path));
    if (!file.startsWith(folder)) {
      response.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => {
        // mrmime does not know .ico.
        const extension = extname(file).slice(1).toLowerCase();
        const type =
          extension === 'ico' ? 'image/x-icon' : (lookup(extension) ?? 'application/octet-stream');
        response.writeHead(200, { 'content-type': type }).end(body);
      },
      () => response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>'),
    );
  });
  return listen(server, '127.0.0.1', requests);
}

/** A logger that records log lines and progress events. */
export function buildRecordingLogger(): Logger & {
  lines: LogEvent[];
  progressEvents: ProgressEvent[];
} {
  const lines: LogEvent[] = [];
  const progressEvents: ProgressEvent[] = [];
  return {
    lines,
    progressEvents,
    log: (event) => lines.push(event),
    progress: (event) => progressEvents.push(event),
  };
}

/** Makes any console.error or console.warn during a test fail it (STYLE.md §7). */
export function failOnConsoleOutput(): void {
  const calls: string[] = [];
  beforeEach(() => {
    calls.length = 0;
    vi.spyOn(console, 'error').mockImplementation(
      (...args: unknown[]) => void calls.push(args.map(String).join(' ')),
    );
    vi.spyOn(console, 'warn').mockImplementation(
      (...args: unknown[]) => void calls.push(args.map(String).join(' ')),
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    expect(calls, 'console.error/console.warn during the test').toEqual([]);
  });
}

/**
 * Fetches a test server's site from its start page, rendered in Chromium (the identity probe and
 * its marks run on every page), as the probe tests read it.
 */
export async function fetchRendered(origin: string, maxPages: number): Promise<RawSite> {
  const ports: EnginePorts = { logger: buildRecordingLogger(), clock: { now: () => Date.now() } };
  return fetchSite(
    `${origin}/`,
    { browser: 'always', maxPages, allowPrivateUrls: true, respectRobots: false },
    ports,
  );
}
