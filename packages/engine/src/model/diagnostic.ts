import type { DiagnosticCode } from '@sitelift/shared/error-codes';

/** A problem found in the input that the engine worked around (a skipped page, a dropped embed...). */
export interface Diagnostic {
  level: 'info' | 'warning' | 'error';
  /** Stable code from the diagnostics catalogue, DIAGNOSTIC_CODES in @sitelift/shared/error-codes (decision 020). */
  code: DiagnosticCode;
  message: string;
  /** The page or asset URL the diagnostic is about, when there is one. */
  url?: string;
}
