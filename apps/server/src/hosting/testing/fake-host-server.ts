import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// The HTTP plumbing the fake hosting APIs share (issue 27): routing, bearer tokens, faults (a status,
// body and headers for the next N matching requests, e.g. 429 with Retry-After or a 500 on an
// upload) and a log of every request (method, path, status; never a token).

/** A request as a route sees it. */
export interface FakeRequest {
  method: string;
  path: string;
  params: string[];
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** The bearer token sent, if any. */
  token: string | undefined;
}

/** A route's answer: JSON (or raw bytes) with a status and headers. */
export interface FakeAnswer {
  status?: number;
  json?: unknown;
  headers?: Record<string, string>;
}

/** One route of a fake host. */
export interface FakeRoute {
  method: string;
  pattern: RegExp;
  /** False: no bearer token needed (the default is true). */
  auth?: boolean;
  handle(request: FakeRequest): FakeAnswer | Promise<FakeAnswer>;
}

/** The next `count` requests matching method and path answer this instead. */
export interface FakeFault {
  method?: string;
  path: RegExp;
  count: number;
  status: number;
  json?: unknown;
  headers?: Record<string, string>;
}

/** One request the fake received. */
export interface FakeRequestRecord {
  method: string;
  path: string;
  status: number;
}

/** A running fake host. */
export interface FakeHost {
  url: string;
  requests: FakeRequestRecord[];
  /** Tokens the fake accepts (add or remove to revoke). */
  tokens: Set<string>;
  fail(fault: FakeFault): void;
  close(): Promise<void>;
}

/** What a fake host is made of: its routes and how it answers errors and bad tokens. */
export interface FakeHostOptions {
  routes: FakeRoute[];
  tokens: string[];
  /** The host's error body for a status and message. */
  errorBody(status: number, message: string): unknown;
  /** Where the API lives under the origin ('/api/v1', '/client/v4', ''). */
  prefix: string;
  /** Port on 127.0.0.1 (default: a free one). */
  port?: number;
}

/** Starts a fake host on 127.0.0.1 (a free port). */
export async function startFakeHost(options: FakeHostOptions): Promise<FakeHost> {
  const tokens = new Set(options.tokens);
  const faults: FakeFault[] = [];
  const requests: FakeRequestRecord[] = [];
  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      void (async () => {
        const url = new URL(incoming.url ?? '/', 'http://fake');
        const method = incoming.method ?? 'GET';
        const path = url.pathname.startsWith(options.prefix)
          ? url.pathname.slice(options.prefix.length)
          : url.pathname;
        const send = (answer: FakeAnswer) => {
          const status = answer.status ?? 200;
          requests.push({ method, path, status });
          const body = answer.json === undefined ? '' : JSON.stringify(answer.json);
          response.writeHead(status, {
            ...(body ? { 'content-type': 'application/json; charset=utf-8' } : {}),
            ...answer.headers,
          });
          response.end(body);
        };
        const fault = faults.find(
          (candidate) =>
            candidate.count > 0 &&
            (!candidate.method || candidate.method === method) &&
            candidate.path.test(path),
        );
        if (fault) {
          fault.count -= 1;
          send({
            status: fault.status,
            json: fault.json ?? options.errorBody(fault.status, 'injected fault'),
            headers: fault.headers,
          });
          return;
        }
        for (const route of options.routes) {
          if (route.method !== method) continue;
          const match = route.pattern.exec(path);
          if (!match) continue;
          const authorization = incoming.headers.authorization ?? '';
          const token = /^Bearer (.+)$/i.exec(authorization)?.[1];
          if (route.auth !== false && (!token || !tokens.has(token))) {
            send({ status: 401, json: options.errorBody(401, 'Access Denied: bad token') });
            return;
          }
          try {
            send(
              await route.handle({
                method,
                path,
                params: match.slice(1).map((part) => decodeURIComponent(part)),
                query: url.searchParams,
                headers: incoming.headers,
                body: Buffer.concat(chunks),
                token,
              }),
            );
          } catch (error) {
            send({ status: 500, json: options.errorBody(500, (error as Error).message) });
          }
          return;
        }
        send({ status: 404, json: options.errorBody(404, 'Not Found') });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${options.prefix}`,
    requests,
    tokens,
    fail(fault) {
      faults.push(fault);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
