import 'server-only';
import type { ErrorCode } from '@/lib/shared/schemas/errors';

/** HTTP status of every API error code: the single map the API's error handler uses. */
export const ERROR_STATUS: Record<ErrorCode, 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 423 | 429 | 500 | 503> = {
  validation_failed: 422,
  field_invalid: 422,
  email_taken: 409,
  signups_closed: 403,
  login_failed: 401,
  account_locked: 423,
  account_pending_deletion: 403,
  email_not_found: 404,
  reset_limit: 429,
  link_invalid: 410,
  not_found: 404,
  authentication_required: 403,
  forbidden: 403,
  origin_rejected: 403,
  rate_limited: 429,
  photo_limit_reached: 403,
  photo_invalid: 422,
  photo_too_large: 413,
  photo_too_many_pixels: 422,
  premium_required: 403,
  blocked_by_member: 403,
  search_login_required: 403,
  internal_error: 500,
  service_unavailable: 503,
};

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
