import type { z } from 'zod';
import { env } from '../config/env';

/** What went wrong talking to the API, with the server's stable code and message when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** True when `error` is an ApiError. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message of an ApiError, or `fallback` for anything else (network errors keep their own text). */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message.trim() !== '') return error.message;
  return fallback;
}

export const NETWORK_ERROR_MESSAGE =
  'Could not reach Sitelift. Check your connection and try again.';

/**
 * Reads an error body of either shape we receive: `{ error: { code, message } }` from our own routes,
 * `{ code, message }` from Better Auth.
 */
function parseErrorBody(body: unknown): { code?: string; message?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const inner =
    typeof record.error === 'object' && record.error !== null
      ? (record.error as Record<string, unknown>)
      : record;
  return {
    code: typeof inner.code === 'string' ? inner.code : undefined,
    message: typeof inner.message === 'string' ? inner.message : undefined,
  };
}

/** Options of one API request. */
export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Checks the answer; without it the JSON comes back as is. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

/** The absolute URL of an API path (same origin unless VITE_API_BASE_URL says otherwise). */
export function toApiUrl(path: string): string {
  return new URL(`${env.VITE_API_BASE_URL}${path}`, window.location.origin).toString();
}

/**
 * Calls the API with the session cookie and JSON. Resolves with the parsed body; rejects with an
 * ApiError carrying the status, the server's code and its message.
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: ApiRequestOptions<T> = {},
): Promise<T> {
  const { method = 'GET', body, schema, signal } = options;
  let response: Response;
  try {
    response = await fetch(toApiUrl(path), {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE, { cause });
  }

  const text = await response.text();
  let data: unknown = null;
  if (text !== '') {
    try {
      data = JSON.parse(text);
    } catch (cause) {
      if (response.ok) throw new ApiError(response.status, 'INVALID_RESPONSE', 'Invalid response.', { cause });
    }
  }

  if (!response.ok) {
    const { code, message } = parseErrorBody(data);
    throw new ApiError(
      response.status,
      code ?? `HTTP_${response.status}`,
      message ?? (response.statusText || `Request failed with status ${response.status}`),
    );
  }

  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(response.status, 'INVALID_RESPONSE', 'The server sent an unexpected answer.', {
      cause: parsed.error,
    });
  }
  return parsed.data;
}
