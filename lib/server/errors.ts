import 'server-only';
import type { ErrorCode } from '@/lib/shared/schemas/errors';

// The code→status map is shared with the mocked API, so both answer each code the same way.
export { ERROR_STATUS } from '@/lib/shared/schemas/errors';

export interface AppErrorOptions {
  /** For the logs only. */
  log?: string;
  /** A text already in the caller's language (validation details). */
  detail?: string;
  /** The message key under `Errors` to show instead of the code's own (field errors). */
  messageKey?: string;
  /** ICU values of the message. */
  values?: Record<string, string | number>;
  /** The form field the error is about. */
  field?: string;
  /** Every invalid field with its message in the caller's language (failed validation). */
  fields?: Record<string, string>;
  headers?: Record<string, string>;
}

/**
 * The one error type of the domain layer. Callers see the translated text of `code` (or of
 * `messageKey`), never `log`.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly options: AppErrorOptions = {},
  ) {
    super(options.log ?? code);
    this.name = 'AppError';
  }
}
