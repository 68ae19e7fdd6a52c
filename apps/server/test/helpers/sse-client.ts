import http from 'node:http';

/** One parsed SSE message. */
export interface SseMessage {
  event: string;
  id?: string;
  data: string;
}

/** A minimal SSE client over node:http (the tests read the raw framing, retry and ids included). */
export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every message so far (comments and `retry:` lines excluded). */
  messages: SseMessage[];
  /** The raw text received so far. */
  raw(): string;
  /** Resolves when a message matching `predicate` has arrived (rejects after timeoutMs). */
  waitFor(predicate: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `url` as an event stream with the given headers (cookie, last-event-id...). */
export function openSseClient(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      let buffer = '';
      const messages: SseMessage[] = [];
      const waiters: Array<{
        predicate: (message: SseMessage) => boolean;
        done: (m: SseMessage) => void;
      }> = [];
      let endResolve: () => void = () => {};
      const ended = new Promise<void>((done) => {
        endResolve = done;
      });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        buffer += chunk;
        let index: number;
        while ((index = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          const message: SseMessage = { event: 'message', data: '' };
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || line.startsWith('retry:')) continue;
            if (line.startsWith('event: ')) message.event = line.slice(7);
            else if (line.startsWith('id: ')) message.id = line.slice(4);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length === 0) continue;
          message.data = data.join('\n');
          messages.push(message);
          for (const waiter of [...waiters]) {
            if (waiter.predicate(message)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.done(message);
            }
          }
        }
      });
      response.on('end', () => endResolve());
      response.on('close', () => endResolve());
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        messages,
        raw: () => text,
        ended,
        waitFor(predicate, timeoutMs = 120_000) {
          const found = messages.find(predicate);
          if (found) return Promise.resolve(found);
          return new Promise((done, fail) => {
            const timer = setTimeout(
              () =>
                fail(new Error(`no matching SSE message within ${timeoutMs} ms; got:\n${text}`)),
              timeoutMs,
            );
            waiters.push({
              predicate,
              done: (message) => {
                clearTimeout(timer);
                done(message);
              },
            });
          });
        },
        close() {
          request.destroy();
        },
      });
    });
  });
}
