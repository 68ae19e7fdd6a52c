import type { StreamEvent } from '../../../lib/event-stream';
import type { QueryClient } from '../../../lib/query-client';
import { jobSchema, toJobQueryKey } from '../api/get-job';
import type { Job } from '../api/get-job';

/**
 * Reads a job status change from `/api/events` (`event: job.status` or a name with 'job' in it,
 * data `{ id | jobId, status }`, possibly as `{ job: {...} }`).
 */
export function parseJobStatusChange(event: StreamEvent): Job | null {
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  const typeName = event.event === 'message' ? String(record.type ?? '') : event.event;
  if (!/job/i.test(typeName)) return null;
  const inner =
    typeof record.job === 'object' && record.job !== null
      ? (record.job as Record<string, unknown>)
      : record;
  const parsed = jobSchema.safeParse({
    ...inner,
    id: inner.id ?? inner.jobId ?? inner.job_id,
  });
  return parsed.success ? parsed.data : null;
}

/** Puts a job's new status into the cache, so an open log viewer follows it (spec §4 Job status). */
export function applyJobStatusChange(queryClient: QueryClient, job: Job): void {
  queryClient.setQueryData(toJobQueryKey(job.id), job);
}
