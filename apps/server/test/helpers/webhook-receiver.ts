import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** When it arrived (ms since the epoch). */
  at: number;
  /** The status it was answered with. */
  status: number;
}

/**
 * A webhook receiver on 127.0.0.1:0 (tests and the bench): records every POST and answers with the
 * next status of `statuses` (then 200), after `delayMs`. `answer` may decide instead (e.g. verify).
 */
export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Statuses of the next answers, used in turn. */
  statuses: number[];
  delayMs: number;
  /** Decides the status of a request (after `statuses` is empty); default 200. */
  answer?: (request: { path: string; headers: http.IncomingHttpHeaders; body: string }) => number;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** Starts a receiver. */
export async function startWebhookReceiver(
  options: { statuses?: number[]; delayMs?: number } = {},
): Promise<WebhookReceiver> {
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    statuses: [...(options.statuses ?? [])],
    delayMs: options.delayMs ?? 0,
    async waitFor(count, timeoutMs = 15_000) {
      if (receiver.received.length < count) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () =>
              reject(new Error(`waited for ${count} webhooks, got ${receiver.received.length}`)),
            timeoutMs,
          );
          waiters.push({
            count,
            resolve: () => {
              clearTimeout(timer);
              resolve();
            },
          });
        });
      }
      return receiver.received;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      let status: number;
      try {
        status =
          receiver.statuses.shift() ??
          receiver.answer?.({ path, headers: request.headers, body }) ??
          200;
      } catch {
        // An answer that throws (e.g. a signature that does not verify) is a refusal.
        status = 401;
      }
      const finish = () => {
        receiver.received.push({ path, headers: request.headers, body, at: Date.now(), status });
        response.writeHead(status, { 'content-type': 'text/plain' }).end(String(status));
        for (const waiter of [...waiters]) {
          if (receiver.received.length >= waiter.count) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
      };
      if (receiver.delayMs > 0) setTimeout(finish, receiver.delayMs);
      else finish();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
