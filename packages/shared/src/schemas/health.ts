import { z } from 'zod';

/** Where the browser came from: CHROME_PATH, an installed Chrome/Chromium/Edge, or the npm package. */
export const BROWSER_SOURCES = ['configured', 'installed', 'npm'] as const;

/** States of the realtime LISTEN connection (PostgreSQL); PGlite listens in process ('embedded'). */
export const LISTENER_STATES = ['listening', 'reconnecting', 'idle', 'embedded'] as const;

/**
 * What only operators see in GET /api/health (a request from this machine, or one with HEALTH_TOKEN):
 * the browser in use and its sandbox, the realtime connection, whether the store can write, and what
 * an operator should fix.
 */
export const healthDetailsSchema = z.object({
  /** What the browser reports with --version, e.g. "Chromium 153.0.8010.0". */
  browser_name: z.string().nullable(),
  browser_path: z.string().nullable(),
  browser_source: z.enum(BROWSER_SOURCES).nullable(),
  /** Whether pages run inside Chromium's sandbox. */
  browser_sandbox: z.boolean().nullable(),
  /** A trivial query succeeded just now. */
  database_reachable: z.boolean(),
  /** The LISTEN connection that carries realtime events between processes. */
  realtime: z.object({
    state: z.enum(LISTENER_STATES),
    /** When the connection was lost (ISO), while reconnecting. */
    since: z.string().nullable(),
    /** Reconnect attempts since it was lost. */
    attempts: z.number().int(),
  }),
  /** Whether the store can write; while it cannot, new work is refused. */
  storage: z.object({
    writable: z.boolean(),
    /** The database's own words for the last failed write, while it cannot write. */
    error: z.string().nullable(),
  }),
  warnings: z.array(z.string()),
});

/**
 * Body of GET /api/health (DESIGN.md §4): `status` is 'ok', or 'degraded' (HTTP 503) when the
 * database cannot be reached or written, or realtime is reconnecting; `browser` stays a boolean.
 * `details` only for operators.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  browser: z.boolean(),
  /** The operator's default model provider (issue 25), or 'offline' when none is configured. */
  ai: z.string(),
  /** The default model's id, only when a provider is configured (never its key). */
  ai_model: z.string().optional(),
  details: healthDetailsSchema.optional(),
});
/** The server's health report. */
export type Health = z.infer<typeof healthSchema>;
/** The operators' part of the health report. */
export type HealthDetails = z.infer<typeof healthDetailsSchema>;
