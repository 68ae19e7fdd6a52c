import { z } from 'zod';

/** Where the browser came from: CHROME_PATH, an installed Chrome/Chromium/Edge, or the npm package. */
export const BROWSER_SOURCES = ['configured', 'installed', 'npm'] as const;

/**
 * Body of GET /api/health (DESIGN.md §4). `browser` stays a boolean (a browser was found); the
 * browser_* fields name it (null without one) and `warnings` lists what an operator should fix
 * (a browser without its sandbox, a CHROME_PATH that is not a binary, no browser at all).
 */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  browser: z.boolean(),
  /** What the browser reports with --version, e.g. "Chromium 153.0.8010.0". */
  browser_name: z.string().nullable(),
  browser_path: z.string().nullable(),
  browser_source: z.enum(BROWSER_SOURCES).nullable(),
  /** Whether pages run inside Chromium's sandbox. */
  browser_sandbox: z.boolean().nullable(),
  ai: z.string(),
  warnings: z.array(z.string()),
});
/** The server's health report. */
export type Health = z.infer<typeof healthSchema>;
