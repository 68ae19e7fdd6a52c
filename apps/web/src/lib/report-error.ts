import { isApiError } from './api-client';

/**
 * Logs an unexpected failure for whoever debugs it (spec §4 Forms: a failing handler is logged).
 * Answers the user caused (4xx: wrong password, taken e-mail, validation) are shown, not logged.
 */
export function reportError(context: string, error: unknown): void {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return;
  console.error(context, error);
}
