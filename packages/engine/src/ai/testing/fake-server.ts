/**
 * The scripted loopback server both fake providers share (issue 25): no provider can be reached
 * from the tests, so the real SDK clients talk to HTTP servers on 127.0.0.1 that speak the
 * providers' protocols and answer from a script. Each request takes the script's next step; every
 * request is recorded (headers, path, parsed body) for the test to check.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Tokens a scripted answer reports. */
export interface FakeUsage {
  input: number;
  output: number;
}

/** One scripted answer. */
export type FakeStep =
  /** The structured answer (as JSON text, or the json tool's input for Anthropic's tool mode). */
  | { json: unknown; usage?: FakeUsage }
  /** A plain text answer (e.g. not JSON at all). */
  | { text: string; usage?: FakeUsage }
  /** An HTTP error in the provider's error format; Retry-After in seconds with 429. */
  | { status: number; retryAfter?: number; message?: string }
  /** Accept the request and never answer. */
  | { stall: true };

/** A step, or a function that picks the step from the request (for requests made in any order). */
export type FakeScriptStep = FakeStep | ((request: FakeRequest) => FakeStep);

/** A request the fake received. */
export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (undefined when not JSON). */
  body: unknown;
  /** The raw body. */
  text: string;
}

export interface FakeServerOptions {
  /** The answers, in order. */
  script?: FakeScriptStep[];
  /** What to answer once the script is used up (default: 500 "script exhausted"). */
  fallback?: FakeScriptStep;
  /** When set, a request without this key is refused with 401. */
  apiKey?: string;
}

/** A running fake provider. */
export interface FakeProviderServer {
  /** The API root to give the SDK as baseUrl (`http://127.0.0.1:<port>/v1`). */
  baseUrl: string;
  /** Every request so far (the model endpoint's and any other). */
  requests: FakeRequest[];
  /** Appends steps to the script. */
  push(...steps: FakeScriptStep[]): void;
  /** Steps not used yet. */
  remaining(): number;
  close(): Promise<void>;
}

/** How one provider turns a step into its protocol. */
export interface FakeProtocol {
  /** The endpoint's path under /v1 (e.g. '/chat/completions'), or a pattern of paths. */
  path: string | RegExp;
  /** The key the request carried (from its auth header). */
  keyOf(request: IncomingMessage): string | undefined;
  /** Writes a scripted answer. */
  answer(
    response: ServerResponse,
    step: Extract<FakeStep, { json: unknown } | { text: string }>,
    body: unknown,
    path: string,
  ): void;
  /** Writes an error body. */
  error(response: ServerResponse, status: number, message: string, retryAfter?: number): void;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Writes a JSON response. */
export function sendJson(
  response: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(value);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

/** True when `pathname` is the protocol's endpoint under the fake's /v1 root. */
function isEndpoint(path: string | RegExp, pathname: string): boolean {
  if (!pathname.startsWith('/v1/')) return false;
  const rest = pathname.slice('/v1'.length);
  return typeof path === 'string' ? rest === path : path.test(rest);
}

/** Starts a fake on 127.0.0.1 (a free port) speaking `protocol`. */
export async function startFakeServer(
  protocol: FakeProtocol,
  options: FakeServerOptions = {},
): Promise<FakeProviderServer> {
  const script = [...(options.script ?? [])];
  const requests: FakeRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    void (async () => {
      const text = await readBody(request);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const recorded: FakeRequest = {
        method: request.method ?? 'GET',
        path: url.pathname,
        headers: request.headers,
        body,
        text,
      };
      requests.push(recorded);
      if (request.method !== 'POST' || !isEndpoint(protocol.path, url.pathname)) {
        protocol.error(response, 404, `no route ${request.method} ${url.pathname}`);
        return;
      }
      if (options.apiKey !== undefined && protocol.keyOf(request) !== options.apiKey) {
        protocol.error(response, 401, 'Incorrect API key provided.');
        return;
      }
      const next = script.shift() ??
        options.fallback ?? { status: 500, message: 'script exhausted' };
      const step = typeof next === 'function' ? next(recorded) : next;
      if ('stall' in step) return; // accepted, never answered
      if ('status' in step) {
        protocol.error(
          response,
          step.status,
          step.message ?? `scripted ${step.status}`,
          step.retryAfter,
        );
        return;
      }
      protocol.answer(response, step, body, url.pathname);
    })().catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    push: (...steps) => script.push(...steps),
    remaining: () => script.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The answer's text for a step: the JSON as text, or the text itself. */
export function stepText(step: { json: unknown } | { text: string }): string {
  return 'json' in step ? JSON.stringify(step.json) : step.text;
}

/** Default usage numbers of a scripted answer. */
export function stepUsage(step: { usage?: FakeUsage }): FakeUsage {
  return step.usage ?? { input: 100, output: 20 };
}
