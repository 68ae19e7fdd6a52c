import { z } from 'zod';
import { projectSchema } from './project';

/** Job statuses (spec §3 jobs, §4 Job status). COMPLETED and FAILED are terminal. */
export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED'] as const;

/** One job status. */
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Log levels of job_logs (the engine's; the viewer also colours CRITICAL and WARN). */
export const JOB_LOG_LEVELS = ['DEBUG', 'INFO', 'WARNING', 'ERROR'] as const;

/** GET /api/jobs/:id. */
export const jobResponseSchema = z.object({ id: z.string(), status: z.enum(JOB_STATUSES) });

/** GET /api/jobs/:id answer. */
export type JobResponse = z.infer<typeof jobResponseSchema>;

/** One line of GET /api/jobs/:id/logs (ordered by id, which follows created_at). */
export const jobLogSchema = z.object({
  /** A bigserial, sent as a number; also the SSE `id:` of the line. */
  id: z.number().int(),
  job_id: z.string(),
  level: z.string(),
  message: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});

/** One log line. */
export type JobLog = z.infer<typeof jobLogSchema>;

/** GET /api/jobs/:id/logs answer. */
export const jobLogsResponseSchema = z.array(jobLogSchema);

/**
 * GET /api/events (SSE). Each message has an `event:` name and JSON `data`:
 * - `project`: `{ type: 'INSERT' | 'UPDATE', project }` or `{ type: 'DELETE', project: { id } }`
 * - `job`: `{ id, project_id, status }` when a job's status changes.
 * A `ready` event (data `{}`) is sent once the stream is subscribed.
 */
export const projectEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['INSERT', 'UPDATE']), project: projectSchema }),
  z.object({ type: z.literal('DELETE'), project: z.object({ id: z.string() }) }),
]);

/** The data of an `event: project` message. */
export type ProjectEvent = z.infer<typeof projectEventSchema>;

/** The data of an `event: job` message. */
export const jobEventSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  status: z.enum(JOB_STATUSES),
});

/** The data of an `event: job` message. */
export type JobEvent = z.infer<typeof jobEventSchema>;

/**
 * Parses one log-stream message's data, `<ISO timestamp> - <LEVEL> - <message>` (spec §7 Log stream).
 * Returns undefined when it does not have that shape.
 */
export function parseLogStreamData(
  data: string,
): { timestamp: string; level: string; message: string } | undefined {
  const match = /^(\S+) - ([A-Z]+) - ([\s\S]*)$/.exec(data);
  if (!match) return undefined;
  return { timestamp: match[1] ?? '', level: match[2] ?? '', message: match[3] ?? '' };
}
