import { z } from 'zod';

/** Body of GET /api/health (DESIGN.md §4). */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  browser: z.boolean(),
  ai: z.string(),
});
/** The server's health report. */
export type Health = z.infer<typeof healthSchema>;
