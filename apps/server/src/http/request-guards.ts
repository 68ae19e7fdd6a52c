import { AppError } from '@sitelift/shared/error-codes';
import { VALIDATION_MESSAGES } from '@sitelift/shared/messages';
import { findNulCharacterPath } from '@sitelift/shared/validation/text';
import type { FastifyInstance } from 'fastify';

/** Longest request target (path and query) accepted; longer ones answer 414. */
export const MAX_URL_LENGTH = 8 * 1024;

/** Paths of the HTTP API (DESIGN.md §4), the log streams and the dev outbox. */
const API_PATH = /^\/+(api|logs|dev)(\/|$)/;

/**
 * Whitespace (Unicode's, including U+00A0 and U+2028), C0 and C1 controls, DEL and the backslash. The URL
 * parser drops leading and trailing C0 controls and spaces and removes tabs and newlines anywhere, and reads
 * `\` as `/`, so such a path could reach a handler under a name that no rule or limit was keyed on.
 */
const UNSAFE_PATH_CHARACTER = /[\s\p{Cc}\\]/u;

/** The percent-decoded path of a request target, or null when it does not decode. */
export function toDecodedPath(url: string): string | null {
  const end = url.search(/[?#]/);
  const pathname = end < 0 ? url : url.slice(0, end);
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/** The router's limit on one path parameter (find-my-way's default `maxParamLength`). */
export const MAX_PARAM_LENGTH = 100;

/** True when the decoded `path` holds whitespace, a control character or a backslash. */
export function hasUnsafePathCharacter(path: string): boolean {
  return UNSAFE_PATH_CHARACTER.test(path);
}

/**
 * Guards every request before routing rules and limits see it (issue 10):
 * - a request target over {@link MAX_URL_LENGTH} answers 414 API_URL_TOO_LONG;
 * - an API path with a segment over {@link MAX_PARAM_LENGTH} answers 414 API_URL_TOO_LONG;
 * - an API path (/api, /logs, /dev) that does not percent-decode, or whose decoded form holds whitespace,
 *   control characters or a backslash, answers 400 API_INVALID_PATH;
 * - a body or query string holding a NUL character anywhere answers 400 API_VALIDATION_FAILED naming the
 *   field (PostgreSQL text cannot store U+0000). This runs after the route's own checks, so a signed-out
 *   caller still gets 401 and the field rules of shared/validation speak first.
 * Register it before the routes.
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) throw new AppError('API_URL_TOO_LONG');
    const path = toDecodedPath(request.url);
    if (path === null) {
      if (API_PATH.test(request.url)) throw new AppError('API_INVALID_PATH');
      return;
    }
    if (API_PATH.test(path) && hasUnsafePathCharacter(path)) {
      throw new AppError('API_INVALID_PATH', {
        message: 'The request path must not contain spaces, control characters or backslashes.',
      });
    }
    // The router refuses a parameter over its limit (FST_ERR_MAX_PARAM_LENGTH), but the web build's
    // wildcard static route would take such a path first and answer 404: API paths check it here.
    if (API_PATH.test(path) && path.split('/').some((part) => part.length > MAX_PARAM_LENGTH)) {
      throw new AppError('API_URL_TOO_LONG');
    }
  });
  app.addHook('preHandler', async (request) => {
    for (const value of [request.body, request.query]) {
      const field = findNulCharacterPath(value);
      if (field !== null) {
        throw new AppError('API_VALIDATION_FAILED', {
          message: field
            ? `${field}: ${VALIDATION_MESSAGES.nulCharacter}`
            : VALIDATION_MESSAGES.nulCharacter,
        });
      }
    }
  });
}
