import 'server-only';
import type { ErrorCode } from '@/lib/shared/schemas/errors';

/** HTTP status of every API error code: the single map the API's error handler uses. */
export const ERROR_STATUS: Record<ErrorCode, 400 | 401 | 403 | 404 | 422 | 429 | 500> = {
  validation_failed: 422,
  not_found: 404,
  authentication_required: 403,
  forbidden: 403,
  origin_rejected: 403,
  rate_limited: 429,
  internal_error: 500,
};

/**
 * The one error type of the domain layer. `message` is for logs; callers see the translated
 * text of `code` (or `detail` for validation errors, which is already in their language).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly detail?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? code);
    this.name = 'AppError';
  }
}
