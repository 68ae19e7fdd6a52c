import { AppError, isAppError } from '@sitelift/shared/error-codes';
import { formatBytes, toLimitMessage } from '@sitelift/shared/error-codes/limits';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { request, type Dispatcher } from 'undici';
import { assertPublicUrl, type GuardOptions } from './assert-public-url';

/** What a guarded request returns: the final response after redirects, with its body read. */
export interface GuardedResponse {
  /** The URL that was requested. */
  requestedUrl: string;
  /** The URL of the final response (after redirects). */
  url: string;
  status: number;
  headers: Record<string, string>;
  /** The content type's media type, lower case, without parameters ('' when absent). */
  mediaType: string;
  body: Uint8Array;
  /** Every URL the request was redirected through, in order (not including `url`). */
  redirects: string[];
}

/** Response metadata given to `checkResponse` before the body is read. */
export interface ResponseHead {
  url: string;
  status: number;
  headers: Record<string, string>;
  mediaType: string;
}

/** Options of one guarded request. */
export interface GuardedRequestOptions extends GuardOptions {
  /** The guarded agent (buildGuardedAgent) every connection goes through. */
  dispatcher: Dispatcher;
  /** Whole request budget including redirects and body. */
  timeoutMs: number;
  /** Redirect hops followed (each one re-checked by the guard); 0 returns the 3xx response itself. */
  maxRedirects: number;
  /** Bytes of body read at most (after decompression); past it the download is aborted. */
  maxBytes: number;
  signal?: AbortSignal;
  method?: string;
  headers?: Record<string, string>;
  body?: Uint8Array | string;
  /** Runs on the final response before its body is read; throw to refuse it (wrong type, status...). */
  checkResponse?: (head: ResponseHead) => void;
  /** A word for error messages: 'page', 'asset', 'stylesheet'. */
  what?: string;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function toHeaderRecord(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined)
      result[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return result;
}

/** The media type of a Content-Type header: 'text/html; charset=utf-8' -> 'text/html'. */
export function toMediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export { formatBytes };

/** Finds the AppError inside an error thrown by undici or net (they wrap the lookup's error). */
function findAppError(error: unknown): AppError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (isAppError(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const DNS_ERROR_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);

/**
 * An HTTP request through the SSRF guard: every hop's URL is checked, the connection goes through the
 * guarded agent (so the address actually connected to is checked too), redirects are followed by hand
 * up to `maxRedirects`, the whole exchange has one time budget and the body is streamed and aborted
 * past `maxBytes`. Failures are AppErrors with ENGINE_FETCH_* codes.
 */
export async function guardedRequest(
  url: string,
  options: GuardedRequestOptions,
): Promise<GuardedResponse> {
  const what = options.what ?? 'page';
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new Error('timeout')), options.timeoutMs);
  const signal = options.signal
    ? AbortSignal.any([options.signal, timeout.signal])
    : timeout.signal;
  const redirects: string[] = [];
  let current = url;
  let method = options.method ?? 'GET';
  let body = options.body;

  const mapError = (error: unknown): AppError => {
    if (options.signal?.aborted) return new AppError('ENGINE_FETCH_CANCELLED', { cause: error });
    if (timeout.signal.aborted) {
      return new AppError('ENGINE_FETCH_TIMEOUT', {
        message: toLimitMessage('ENGINE_FETCH_TIMEOUT', { timeoutMs: options.timeoutMs }),
        cause: error,
        details: { url: current, timeoutMs: options.timeoutMs },
      });
    }
    const appError = findAppError(error);
    if (appError) return appError;
    const code =
      (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code && DNS_ERROR_CODES.has(code)) {
      return new AppError('ENGINE_FETCH_DNS_FAILED', { cause: error, details: { url: current } });
    }
    return new AppError('ENGINE_FETCH_CONNECTION_FAILED', {
      message: `The site could not be reached (${(error as Error).message || code || 'connection failed'}): ${current}`,
      cause: error,
      details: { url: current, code },
    });
  };

  try {
    for (;;) {
      if (signal.aborted) throw mapError(signal.reason);
      await assertPublicUrl(current, options);
      let response: Dispatcher.ResponseData;
      try {
        response = await request(current, {
          dispatcher: options.dispatcher,
          method: method as Dispatcher.HttpMethod,
          headers: options.headers,
          body,
          signal,
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
        });
      } catch (error) {
        throw mapError(error);
      }
      const headers = toHeaderRecord(response.headers);
      const location = headers['location'];
      if (options.maxRedirects > 0 && REDIRECT_STATUSES.has(response.statusCode) && location) {
        discard(response.body);
        let next: string;
        try {
          next = new URL(location, current).href.replace(/#.*$/, '');
        } catch (error) {
          throw new AppError('ENGINE_FETCH_URL_INVALID', {
            message: `The site redirects to an invalid address: ${location}`,
            cause: error,
            details: { url: current, location },
          });
        }
        if (next === url || redirects.includes(next)) {
          throw new AppError('ENGINE_FETCH_REDIRECT_LOOP', {
            message: `The site redirects in a loop (${[url, ...redirects, next].join(' → ')}).`,
            details: { url, redirects: [...redirects, next] },
          });
        }
        redirects.push(next);
        if (redirects.length > options.maxRedirects) {
          throw new AppError('ENGINE_FETCH_TOO_MANY_REDIRECTS', {
            message: toLimitMessage('ENGINE_FETCH_TOO_MANY_REDIRECTS', {
              maxRedirects: options.maxRedirects,
            }),
            details: { url, redirects, maxRedirects: options.maxRedirects },
          });
        }
        // Browsers turn a redirected POST into a GET except for 307/308.
        if (
          response.statusCode === 303 ||
          ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')
        ) {
          method = 'GET';
          body = undefined;
        }
        current = next;
        continue;
      }

      const head: ResponseHead = {
        url: current,
        status: response.statusCode,
        headers,
        mediaType: toMediaType(headers['content-type']),
      };
      try {
        options.checkResponse?.(head);
      } catch (error) {
        discard(response.body);
        throw error;
      }
      const declaredLength = Number(headers['content-length']);
      if (Number.isFinite(declaredLength) && declaredLength > options.maxBytes) {
        discard(response.body);
        throw tooLarge(current, what, options.maxBytes);
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      const stream = decompress(response.body, headers['content-encoding']);
      try {
        for await (const chunk of stream) {
          const bytes = chunk as Uint8Array;
          size += bytes.byteLength;
          if (size > options.maxBytes) {
            discard(response.body);
            discard(stream);
            throw tooLarge(current, what, options.maxBytes);
          }
          chunks.push(bytes);
        }
      } catch (error) {
        if (isAppError(error)) throw error;
        throw mapError(error);
      }
      return {
        requestedUrl: url,
        url: current,
        status: response.statusCode,
        headers,
        mediaType: head.mediaType,
        body: concat(chunks, size),
        redirects,
      };
    }
  } finally {
    clearTimeout(timer);
  }
}

/** Stops reading a body; the error its destruction emits has nobody else to go to. */
function discard(stream: Readable): void {
  stream.on('error', () => undefined);
  stream.destroy();
}

/**
 * Decodes a gzip, deflate or br body (the encodings requested). The byte limit applies to the decoded
 * bytes, so a small compressed "bomb" is cut off like any large page.
 */
function decompress(body: Readable, encoding: string | undefined): Readable {
  const name = (encoding ?? '').trim().toLowerCase();
  const decoder =
    name === 'gzip' || name === 'x-gzip'
      ? createGunzip()
      : name === 'deflate'
        ? createInflate()
        : name === 'br'
          ? createBrotliDecompress()
          : undefined;
  if (!decoder) return body;
  body.on('error', (error) => decoder.destroy(error));
  return body.pipe(decoder);
}

function tooLarge(url: string, what: string, maxBytes: number): AppError {
  return new AppError('ENGINE_FETCH_TOO_LARGE', {
    message: toLimitMessage('ENGINE_FETCH_TOO_LARGE', { maxBytes, what }),
    details: { url, maxBytes },
  });
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const result = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    result.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return result;
}
