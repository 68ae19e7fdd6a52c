import { ERROR_CODES, isAppError, type ErrorCode } from '@sitelift/shared/error-codes';

/** Why an attempt of a job ended without a result, and whether another attempt may cure it. */
export interface JobFailure {
  code: ErrorCode;
  message: string;
  /** Taken from the catalogue's `retryable` (STYLE.md §5): the worker keeps no list of its own. */
  retryable: boolean;
}

/** How the attempt ended, besides the error it threw. */
export interface AttemptEnding {
  /** The whole-job time limit ran out. */
  timedOut: boolean;
  /** The worker is shutting down (not a failure of the job). */
  shuttingDown: boolean;
  /** The whole-job time limit, for the message. */
  timeoutMs: number;
}

function toFailure(code: ErrorCode, message?: string): JobFailure {
  const entry = ERROR_CODES[code];
  return { code, message: message ?? entry.message, retryable: entry.retryable };
}

/**
 * The failure a job attempt is recorded with: the whole-job time limit (JOB_TIMEOUT, never retried:
 * the next attempt would take as long), a worker shutdown (JOB_WORKER_LOST), the engine's coded error,
 * or JOB_FAILED for a crash outside the engine's own errors.
 */
export function toJobFailure(error: unknown, ending: AttemptEnding): JobFailure {
  if (ending.timedOut) {
    return toFailure(
      'JOB_TIMEOUT',
      `The modernization took longer than ${Math.round(ending.timeoutMs / 1000)} s and was stopped.`,
    );
  }
  if (ending.shuttingDown)
    return toFailure('JOB_WORKER_LOST', 'The worker running this job was stopped.');
  if (isAppError(error) && error.code in ERROR_CODES) return toFailure(error.code, error.message);
  const message = error instanceof Error ? error.message : String(error);
  return toFailure('JOB_FAILED', message || undefined);
}
