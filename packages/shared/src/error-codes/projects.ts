import type { ErrorCodeEntry } from '../error-codes';

/** Error codes of projects, jobs and credits. */
export const PROJECTS_ERROR_CODES = {
  API_NO_CREDITS: {
    status: 402,
    message: 'You have no credits left. Buy a plan or a Single Refresh to modernize another site.',
    retryable: false,
  },
  API_EMAIL_NOT_VERIFIED: {
    status: 403,
    message:
      'Please verify your e-mail address before creating a project. We can send the verification e-mail again.',
    retryable: false,
  },
  API_PROJECT_NOT_FOUND: { status: 404, message: 'Project not found.', retryable: false },
  API_JOB_NOT_FOUND: { status: 404, message: 'Job not found.', retryable: false },
  API_SHARE_LINK_NOT_FOUND: { status: 404, message: 'Share link not found.', retryable: false },
  API_PROJECT_NOT_COMPLETED: {
    status: 404,
    message: 'The project has no generated code yet.',
    retryable: false,
  },
  API_PROJECT_BUSY: {
    status: 409,
    message: 'The project is still being modernized. Wait for it to finish before retrying.',
    retryable: false,
  },
  /** Stored as jobs.error_code when a worker died (or was stopped) during the job. */
  JOB_WORKER_LOST: {
    status: 500,
    message: 'The worker running this job stopped responding.',
    retryable: true,
  },
  /** Stored as jobs.error_code when a job ran past the whole-job time limit (JOB_TIMEOUT_MS). */
  JOB_TIMEOUT: {
    status: 504,
    message: 'The modernization took too long and was stopped.',
    retryable: false,
  },
  /** Stored as jobs.error_code when an attempt crashed outside the engine's own errors. */
  JOB_FAILED: {
    status: 500,
    message: 'The modernization failed.',
    retryable: true,
  },
} as const satisfies Record<string, ErrorCodeEntry>;
