import { AppError, ERROR_CODES, type ErrorCode } from '@sitelift/shared/error-codes';
import { describe, expect, it } from 'vitest';
import { toJobFailure } from './job-failure';

const RUNNING = { timedOut: false, shuttingDown: false, timeoutMs: 600_000 };

describe('toJobFailure', () => {
  it('retries exactly the codes the catalogue marks retryable', () => {
    for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
      const failure = toJobFailure(new AppError(code), RUNNING);
      expect({ code, retryable: failure.retryable }).toEqual({
        code,
        retryable: ERROR_CODES[code].retryable,
      });
    }
  });

  it('keeps the engine error message and code', () => {
    const error = new AppError('ENGINE_FETCH_CONNECTION_FAILED', {
      message: 'The site could not be reached: connection refused.',
    });
    expect(toJobFailure(error, RUNNING)).toEqual({
      code: 'ENGINE_FETCH_CONNECTION_FAILED',
      message: 'The site could not be reached: connection refused.',
      retryable: true,
    });
  });

  it('reports the whole-job time limit as JOB_TIMEOUT, not as a fetch timeout, and does not retry it', () => {
    const failure = toJobFailure(new AppError('ENGINE_PIPELINE_CANCELLED'), {
      ...RUNNING,
      timedOut: true,
      timeoutMs: 600_000,
    });
    expect(failure).toEqual({
      code: 'JOB_TIMEOUT',
      message: 'The modernization took longer than 600 s and was stopped.',
      retryable: false,
    });
  });

  it('hands a job back when its worker shuts down, and retries a crash outside the engine', () => {
    expect(toJobFailure(new Error('aborted'), { ...RUNNING, shuttingDown: true })).toMatchObject({
      code: 'JOB_WORKER_LOST',
      retryable: true,
    });
    expect(toJobFailure(new TypeError('x is undefined'), RUNNING)).toEqual({
      code: 'JOB_FAILED',
      message: 'x is undefined',
      retryable: true,
    });
    expect(toJobFailure('', RUNNING)).toEqual({
      code: 'JOB_FAILED',
      message: 'The modernization failed.',
      retryable: true,
    });
  });
});
