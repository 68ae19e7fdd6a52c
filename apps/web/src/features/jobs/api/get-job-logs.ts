import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/jobs/:id/logs`: every line, oldest first. */
export const jobLogsSchema = z.array(
  z.looseObject({
    id: z.union([z.string(), z.number()]).transform(String),
    level: z.string(),
    message: z.string(),
    created_at: z.string(),
  }),
);

/** A stored log line. */
export type JobLogRecord = z.infer<typeof jobLogsSchema>[number];

/** Reads all of a job's log lines. */
export async function getJobLogs(jobId: string): Promise<JobLogRecord[]> {
  return apiRequest(`/api/jobs/${encodeURIComponent(jobId)}/logs`, { schema: jobLogsSchema });
}
