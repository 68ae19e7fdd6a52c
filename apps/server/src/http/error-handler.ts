import { AppError, ERROR_CODES, isAppError, type ErrorCode } from '@sitelift/shared/error-codes';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The not-found code a route answers when its `params` fail their schema (e.g. an `:id` that is
     * not a UUID): such an id names nothing, so it is a 404 like an unknown one, not a 400 that
     * reveals the rule.
     */
    malformedParams?: ErrorCode;
  }
}

/** The body of every API error response. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
}

/** Error details that may be shown to clients (e.g. the 402's pricing_url); others stay in the logs. */
const PUBLIC_DETAIL_CODES = new Set<ErrorCode>(['API_NO_CREDITS', 'API_BATCH_CREDITS_SHORT']);

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'API_VALIDATION_FAILED',
  401: 'API_UNAUTHENTICATED',
  403: 'API_FORBIDDEN',
  404: 'API_NOT_FOUND',
  405: 'API_METHOD_NOT_ALLOWED',
  408: 'API_REQUEST_TIMEOUT',
  409: 'API_CONFLICT',
  413: 'API_BODY_TOO_LARGE',
  414: 'API_URL_TOO_LONG',
  415: 'API_UNSUPPORTED_MEDIA_TYPE',
  422: 'API_UNPROCESSABLE',
  429: 'API_RATE_LIMITED',
  431: 'API_HEADERS_TOO_LARGE',
};

function describePath(instancePath: string | undefined): string {
  return (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
}

/**
 * Maps any thrown value to an AppError; unknown failures become API_INTERNAL. `malformedParams` is
 * the route's code for params that fail their schema (its `config.malformedParams`).
 */
export function toAppError(error: unknown, malformedParams?: ErrorCode): AppError {
  if (isAppError(error)) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    if (malformedParams && (error as FastifyError).validationContext === 'params') {
      return new AppError(malformedParams, { cause: error });
    }
    const messages = error.validation.map((issue) => {
      const field = describePath(issue.instancePath);
      const message = issue.message ?? 'is not valid';
      // zod's generic messages do not say which field they are about; our own messages do.
      return field && !message.includes(' must ') ? `${field}: ${message}` : message;
    });
    return new AppError('API_VALIDATION_FAILED', {
      message: [...new Set(messages)].join('; '),
      details: {
        issues: error.validation.map((issue) => ({
          path: describePath(issue.instancePath),
          message: issue.message,
        })),
      },
    });
  }
  const fastifyError = error as Partial<FastifyError> & { status?: number };
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('API_BODY_TOO_LARGE', { cause: error });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('API_UNSUPPORTED_MEDIA_TYPE', { cause: error });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('API_MALFORMED_JSON', { cause: error });
    case 'FST_ERR_BAD_URL':
      return new AppError('API_INVALID_PATH', { cause: error });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('API_URL_TOO_LONG', { cause: error });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('API_VALIDATION_FAILED', {
        message: 'The Content-Length header does not match the body.',
        cause: error,
      });
    default:
      break;
  }
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return new AppError('API_MALFORMED_JSON', { cause: error });
  }
  const status = fastifyError.statusCode ?? fastifyError.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? 'API_VALIDATION_FAILED';
    const message =
      fastifyError.validation && fastifyError.message
        ? fastifyError.message
        : ERROR_CODES[code].message;
    return new AppError(code, { message, cause: error });
  }
  return new AppError('API_INTERNAL', { cause: error });
}

/** The `{ error: { code, message } }` body of `appError` (details only where they are public). */
export function toErrorBody(appError: AppError): ErrorBody {
  const body: ErrorBody = { error: { code: appError.code, message: appError.message } };
  if (appError.details && PUBLIC_DETAIL_CODES.has(appError.code)) {
    body.error.details = appError.details;
  }
  return body;
}

function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error, request.routeOptions?.config?.malformedParams);
  if (appError.status >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ code: appError.code, status: appError.status }, 'request refused');
  }
  return reply
    .status(appError.status)
    .type('application/json; charset=utf-8')
    .send(toErrorBody(appError));
}

/** Installs the one error handler: `{ error: { code, message } }` with the catalogue's status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
}

/**
 * Fastify's `frameworkErrors` option: what its router refuses before any route or hook runs (a path that
 * does not percent-decode, a route parameter over `maxParamLength`) answers in the API error shape.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void sendError(error, request, reply);
}

/** Node's limit on the request line plus headers (`--max-http-header-size`, 16 KiB by default). */
const MAX_HEADER_SIZE = 16 * 1024;

/** The catalogue code for an HTTP parser or timeout error Node reports on a connection. */
export function toClientErrorCode(error: { code?: string; rawPacket?: unknown }): ErrorCode {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'API_REQUEST_TIMEOUT';
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The overflow happened on the request line itself when that line never ends: the URL is too long.
    // (Fastify types rawPacket as JSON; Node passes the Buffer that was being parsed.)
    const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : Buffer.alloc(0);
    const text = raw.subarray(0, MAX_HEADER_SIZE).toString('latin1');
    return /^[A-Z]+ [^\r\n]*$/.test(text) && text.length >= MAX_HEADER_SIZE / 2
      ? 'API_URL_TOO_LONG'
      : 'API_HEADERS_TOO_LARGE';
  }
  return 'API_MALFORMED_REQUEST';
}

/**
 * Fastify's `clientErrorHandler`: a request Node could not parse or that arrived too slowly (408) is
 * answered on the raw socket in the API error shape, then the connection is closed. Nothing is written
 * when a response has already started on that socket.
 */
export function handleClientError(
  this: FastifyInstance,
  error: ConnectionError,
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = toClientErrorCode(error);
  const { status, message } = ERROR_CODES[code];
  this.log.info({ code, status, err: error }, 'connection refused');
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy(error);
    return;
  }
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
