import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The event id a stream resumes after: the Last-Event-ID header a reconnecting client sends, or
 * `?lastEventId=` (for clients that cannot set headers). Undefined when absent or not a plain number.
 */
export function parseLastEventId(request: FastifyRequest): number | undefined {
  const header = request.headers['last-event-id'];
  const query = (request.query as { lastEventId?: unknown } | undefined)?.lastEventId;
  const value = (
    typeof header === 'string' ? header : typeof query === 'string' ? query : ''
  ).trim();
  return /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/** How often an idle stream sends a comment line so that proxies keep it open. */
export const SSE_HEARTBEAT_MS = 15_000;

/** One open Server-Sent Events response. */
export interface SseConnection {
  /** Sends one message (multi-line data becomes several `data:` lines). False once closed. */
  send(message: { event?: string; id?: string | number; data: string }): boolean;
  /** Sends raw text (e.g. `retry: 1000`). */
  write(text: string): boolean;
  /** Ends the response. */
  close(): void;
  readonly closed: boolean;
  /** Called once when the client goes away or close() is called. */
  onClose(listener: () => void): void;
}

/**
 * Turns the request into an SSE stream: the reply is hijacked, the headers Fastify's hooks set (helmet)
 * are kept, a heartbeat comment goes out every `heartbeatMs`, and everything is cleaned up when the
 * client disconnects.
 */
export function openSse(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { heartbeatMs?: number } = {},
): SseConnection {
  reply.hijack();
  const raw = reply.raw;
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = value as string | number | string[];
  }
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.flushHeaders();
  let closed = false;
  const listeners: Array<() => void> = [];
  const heartbeat = setInterval(() => {
    if (!closed) raw.write(': heartbeat\n\n');
  }, options.heartbeatMs ?? SSE_HEARTBEAT_MS);
  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const listener of listeners.splice(0)) listener();
  };
  request.raw.on('close', finish);
  raw.on('close', finish);
  raw.on('error', finish);
  const write = (text: string) => {
    if (closed || raw.destroyed) return false;
    raw.write(text);
    return true;
  };
  return {
    write,
    send({ event, id, data }) {
      let text = '';
      if (event) text += `event: ${event}\n`;
      if (id !== undefined) text += `id: ${id}\n`;
      for (const line of data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
      return write(`${text}\n`);
    },
    close() {
      if (closed) return;
      raw.end();
      finish();
    },
    get closed() {
      return closed;
    },
    onClose(listener) {
      if (closed) listener();
      else listeners.push(listener);
    },
  };
}
