import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryOptions, useQuery } from '../../../lib/query-client';

/** Job statuses (spec §3 jobs table). */
export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED'] as const;

/** One job status. */
export type JobStatus = (typeof JOB_STATUSES)[number];

/** `GET /api/jobs/:id`. */
export const jobSchema = z.looseObject({
  id: z.string(),
  status: z.string().transform((value): JobStatus => {
    const upper = value.toUpperCase();
    return (JOB_STATUSES as readonly string[]).includes(upper) ? (upper as JobStatus) : 'QUEUED';
  }),
});

/** A job. */
export type Job = z.infer<typeof jobSchema>;

/** Query key of a job. */
export function toJobQueryKey(jobId: string) {
  return ['jobs', jobId] as const;
}

/** Reads a job's status. */
export async function getJob(jobId: string): Promise<Job> {
  return apiRequest(`/api/jobs/${encodeURIComponent(jobId)}`, { schema: jobSchema });
}

/** Query options of a job (realtime events update the cache; see applyJobStatusChange). */
export function getJobQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: toJobQueryKey(jobId),
    queryFn: () => getJob(jobId),
    staleTime: 0,
  });
}

/** A job's status. */
export function useJob(jobId: string) {
  return useQuery(getJobQueryOptions(jobId));
}

/** True when the job has ended. */
export function isTerminalJobStatus(status: JobStatus | undefined): boolean {
  return status === 'COMPLETED' || status === 'FAILED';
}
