import type { ErrorCodeEntry } from '../error-codes';

/** Error codes of the engine's delivery stages: verify, package, the pipeline and the CLI. */
export const ENGINE_BUILD_ERROR_CODES = {
  ENGINE_BUILD_FAILED: {
    status: 422,
    message: 'The generated project does not build, so it was not delivered.',
    retryable: false,
  },
  ENGINE_VERIFY_FAILED: {
    status: 500,
    message: 'The generated project could not be verified.',
    retryable: true,
  },
  ENGINE_PACKAGE_FAILED: {
    status: 500,
    message: 'The project archive could not be written.',
    retryable: true,
  },
  ENGINE_PIPELINE_CANCELLED: {
    status: 409,
    message: 'The modernization was cancelled.',
    retryable: false,
  },
  ENGINE_PIPELINE_INPUT_INVALID: {
    status: 422,
    message: 'The modernization request is not valid.',
    retryable: false,
  },
  ENGINE_WORKDIR_INVALID: {
    status: 500,
    message: 'A saved stage output could not be read.',
    retryable: false,
  },
} as const satisfies Record<string, ErrorCodeEntry>;
