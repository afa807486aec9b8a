import 'server-only';
import type { Context } from 'hono';
import type { ApiError, ErrorCode } from '@/lib/shared/schemas/errors';
import { databaseOutageReason, isDatabaseUnavailable } from '../db/database-unavailable';
import { AppError, ERROR_STATUS } from '../errors';
import type { ApiEnv } from './context';
import { errorMessage } from './i18n';

/** Seconds a client is asked to wait while the database is unreachable. */
const DATABASE_RETRY_AFTER_S = 5;

/** Renders any error as `{ error: { code, message } }`; unknown errors are logged and stay generic. */
export function errorResponse(c: Context<ApiEnv>, error: unknown): Response {
  const locale = c.get('locale') ?? 'en';
  let code: ErrorCode = 'internal_error';
  let message: string;
  let field: string | undefined;
  if (error instanceof AppError) {
    const { detail, messageKey, values, headers } = error.options;
    code = error.code;
    field = error.options.field;
    message =
      code === 'validation_failed' && detail
        ? errorMessage(locale, code, { detail })
        : errorMessage(locale, messageKey ?? code, { seconds: 60, ...values });
    for (const [name, value] of Object.entries(headers ?? {})) c.header(name, value);
  } else if (isDatabaseUnavailable(error)) {
    // Not a bug: the database is down or restarting; the client may retry shortly.
    console.warn(`[api] ${c.req.method} ${c.req.path}: database unavailable: ${databaseOutageReason(error)}`);
    code = 'service_unavailable';
    message = errorMessage(locale, code);
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
  } else {
    console.error(`[api] ${c.req.method} ${c.req.path} failed:`, error);
    message = errorMessage(locale, 'internal_error');
  }
  const body: ApiError = { error: field ? { code, message, field } : { code, message } };
  c.header('Cache-Control', 'no-store');
  return c.json(body, ERROR_STATUS[code]);
}
