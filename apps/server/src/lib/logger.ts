import pino, { type Logger } from 'pino';

/** Paths pino replaces with [REDACTED]: credentials must never reach the logs. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.secret',
  '*.authSecret',
  '*.smtpUrl',
  '*.databaseUrl',
  '*.healthToken',
  // GitHub (issue 14): tokens, the app's client secret and key never reach the logs, encrypted or not.
  '*.accessToken',
  '*.refreshToken',
  '*.access_token',
  '*.refresh_token',
  '*.clientSecret',
  '*.client_secret',
  '*.privateKey',
  '*.tokenKey',
  // Models (issue 25): a user's or the operator's API key, in a body or in the engine's input.
  '*.apiKey',
  '*.api_key',
  '*.ai.apiKey',
];

// Verification and reset links carry their token in the path or the query string.
const TOKEN_IN_QUERY = /([?&](?:token|code)=)[^&#]*/gi;
const TOKEN_IN_PATH = /(\/api\/auth\/reset-password\/)[^/?#]+/gi;

/** Removes tokens from a URL before it is logged. */
export function toLoggableUrl(url: string): string {
  return url.replace(TOKEN_IN_QUERY, '$1[REDACTED]').replace(TOKEN_IN_PATH, '$1[REDACTED]');
}

/** The server's structured logger (JSON lines on stdout). */
export function buildLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
      serializers: {
        req(request: { method?: string; url?: string; ip?: string; id?: string }) {
          return {
            id: request.id,
            method: request.method,
            url: request.url === undefined ? undefined : toLoggableUrl(request.url),
            ip: request.ip,
          };
        },
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
}
