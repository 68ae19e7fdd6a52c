import { AppError, ERROR_CODES, isAppError, type ErrorCode } from '@sitelift/shared/error-codes';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** The body of every API error response. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
}

/** Error details that may be shown to clients (e.g. the 402's pricing_url); others stay in the logs. */
const PUBLIC_DETAIL_CODES = new Set<ErrorCode>(['API_NO_CREDITS']);

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'API_VALIDATION_FAILED',
  401: 'API_UNAUTHENTICATED',
  403: 'API_FORBIDDEN',
  404: 'API_NOT_FOUND',
  405: 'API_METHOD_NOT_ALLOWED',
  409: 'API_CONFLICT',
  413: 'API_BODY_TOO_LARGE',
  415: 'API_UNSUPPORTED_MEDIA_TYPE',
  422: 'API_UNPROCESSABLE',
  429: 'API_RATE_LIMITED',
};

function describePath(instancePath: string | undefined): string {
  return (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
}

/** Maps any thrown value to an AppError; unknown failures become API_INTERNAL. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
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

/** Installs the one error handler: `{ error: { code, message } }` with the catalogue's status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: appError.code, status: appError.status }, 'request refused');
    }
    const body: ErrorBody = { error: { code: appError.code, message: appError.message } };
    if (appError.details && PUBLIC_DETAIL_CODES.has(appError.code)) {
      body.error.details = appError.details;
    }
    return reply.status(appError.status).type('application/json; charset=utf-8').send(body);
  });
}
