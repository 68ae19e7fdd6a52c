import { env } from '../config/env';

/** What went wrong talking to the API, with the server's stable code and message when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Text meant for users (the server's message, or ours); null when there is none to show. */
  readonly userMessage: string | null;

  constructor(
    status: number,
    code: string,
    message: string,
    options?: { cause?: unknown; userMessage?: string | null },
  ) {
    super(message, { cause: options?.cause });
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.userMessage = options?.userMessage === undefined ? message : options.userMessage;
  }
}

/** True when `error` is an ApiError. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The user-facing message of an ApiError, or `fallback` when there is none. */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.userMessage && error.userMessage.trim() !== '') {
    return error.userMessage;
  }
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

/** Any zod schema (classic or mini) that checks an answer into a `T`. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/** Options of one API request. */
export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Checks the answer; without it the JSON comes back as is. */
  schema?: ResponseSchema<T>;
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
      if (response.ok) {
        throw new ApiError(response.status, 'INVALID_RESPONSE', 'Invalid response.', {
          cause,
          userMessage: null,
        });
      }
    }
  }

  if (!response.ok) {
    const { code, message } = parseErrorBody(data);
    throw new ApiError(
      response.status,
      code ?? `HTTP_${response.status}`,
      message ?? `Request failed with status ${response.status} ${response.statusText}`.trim(),
      { userMessage: message ?? null },
    );
  }

  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      'INVALID_RESPONSE',
      'The server sent an unexpected answer.',
      {
        cause: parsed.error,
        userMessage: null,
      },
    );
  }
  return parsed.data;
}
