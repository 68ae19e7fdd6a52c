import { createParser } from 'eventsource-parser';
import { toApiUrl } from './api-client';

/** One server-sent event. */
export interface StreamEvent {
  /** The event name (`message` when the server sent none). */
  event: string;
  data: string;
  id?: string;
}

/** The stream answered with an HTTP error (401, 404, 500...). */
export class EventStreamHttpError extends Error {
  readonly status: number;
  readonly statusText: string;

  constructor(status: number, statusText: string) {
    super(`Event stream answered ${status} ${statusText}`.trim());
    this.name = 'EventStreamHttpError';
    this.status = status;
    this.statusText = statusText;
  }
}

/** What to do with an open event stream. */
export interface EventStreamOptions {
  onEvent: (event: StreamEvent) => void;
  /** Called each time the connection is (re)established. */
  onOpen?: () => void;
  /** Called on each failed attempt; 4xx answers end the stream, others are retried. */
  onError?: (error: unknown) => void;
  /** Reconnect delay until the server sends `retry:` (spec §9: 1000 ms). */
  retryMs?: number;
}

/** A running event stream. */
export interface EventStreamHandle {
  /** Stops reading and never reconnects. */
  close: () => void;
}

const DEFAULT_RETRY_MS = 1000;

/**
 * Opens a server-sent-events stream with `fetch` (cookies included) rather than `EventSource`, so
 * that HTTP failures keep their status (spec §8 Logs: 'Failed to connect: {status} {statusText}').
 * Reconnects after `retry` ms with `Last-Event-ID`, so the server can resume without gaps.
 */
export function openEventStream(path: string, options: EventStreamOptions): EventStreamHandle {
  const controller = new AbortController();
  let retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  let lastEventId: string | undefined;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      controller.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });

  const readOnce = async (): Promise<'retry' | 'stop'> => {
    const response = await fetch(toApiUrl(path), {
      credentials: 'include',
      headers: {
        Accept: 'text/event-stream',
        ...(lastEventId === undefined ? {} : { 'Last-Event-ID': lastEventId }),
      },
      cache: 'no-store',
      signal: controller.signal,
    });
    if (!response.ok || !response.body) {
      options.onError?.(new EventStreamHttpError(response.status, response.statusText));
      await response.body?.cancel().catch(() => {});
      return response.status >= 400 && response.status < 500 ? 'stop' : 'retry';
    }
    options.onOpen?.();
    const parser = createParser({
      onEvent: (message) => {
        if (message.id !== undefined) lastEventId = message.id;
        if (controller.signal.aborted) return;
        options.onEvent({ event: message.event ?? 'message', data: message.data, id: message.id });
      },
      onRetry: (ms) => {
        retryMs = ms;
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
    return 'retry';
  };

  void (async () => {
    while (!controller.signal.aborted) {
      let outcome: 'retry' | 'stop';
      try {
        outcome = await readOnce();
      } catch (error) {
        if (controller.signal.aborted) return;
        options.onError?.(error);
        outcome = 'retry';
      }
      if (outcome === 'stop') return;
      await wait(retryMs);
    }
  })();

  return { close: () => controller.abort() };
}
