/** Formats a byte count for messages, in units from 1000 of the one below: 5242880 -> '5 MB', 1000 -> '1 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1000 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1000) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** Formats a duration for messages: 30000 -> '30 seconds', 300 -> '0.3 seconds', 1000 -> '1 second'. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/**
 * The messages of error codes that state a limit the options can change, built from the limit that
 * applied (decision 020). A throw site passes `message: toLimitMessage(code, limits)`; the catalogue's
 * own message is the same text for the default limit (FETCH_LIMIT_DEFAULTS).
 */
export const LIMIT_MESSAGES = {
  ENGINE_FETCH_TOO_LARGE: ({ maxBytes, what = 'page' }: { maxBytes: number; what?: string }) =>
    `The ${what} is too large (more than ${formatBytes(maxBytes)}).`,
  ENGINE_FETCH_TIMEOUT: ({ timeoutMs }: { timeoutMs: number }) =>
    `The site took too long to answer (more than ${formatDuration(timeoutMs)}).`,
  ENGINE_FETCH_TOO_MANY_REDIRECTS: ({ maxRedirects }: { maxRedirects: number }) =>
    `The site redirects too many times (more than ${maxRedirects}).`,
} as const;

/** An error code whose message states a limit (a key of ERROR_CODES: codes.test.ts checks it). */
export type LimitCode = keyof typeof LIMIT_MESSAGES;

/** The message of `code` for the limits that applied: ('ENGINE_FETCH_TOO_LARGE', { maxBytes: 1000 }) -> '… more than 1 KB.' */
export function toLimitMessage<C extends LimitCode>(
  code: C,
  limits: Parameters<(typeof LIMIT_MESSAGES)[C]>[0],
): string {
  return (LIMIT_MESSAGES[code] as (limits: Parameters<(typeof LIMIT_MESSAGES)[C]>[0]) => string)(
    limits,
  );
}

/** The fetch stage's default limits, which the catalogue's messages state (the engine test pins them). */
export const FETCH_LIMIT_DEFAULTS = {
  maxHtmlBytes: 5 * 1024 * 1024,
  pageTimeoutMs: 30_000,
  maxRedirects: 5,
} as const;
