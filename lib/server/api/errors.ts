import 'server-only';
import type { Context } from 'hono';
import type { ApiError, ErrorCode } from '@/lib/shared/schemas/errors';
import { databaseOutageReason, isDatabaseUnavailable } from '../db/database-unavailable';
import { AppError, ERROR_STATUS } from '../errors';
import type { ApiEnv } from './context';
import { errorMessage } from './i18n';

/** Seconds a client is asked to wait when an answer says "later" without saying how long. */
const DEFAULT_RETRY_AFTER: Partial<Record<ErrorCode, number>> = { rate_limited: 60, service_unavailable: 5 };

/** PostgreSQL's class 22 (data exception): input the database could not take, never a server fault. */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/** The AppError an unknown error stands for, or null when it is a fault of ours. */
function classify(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (isDataException(error) || isDataException(cause)) {
    return new AppError('malformed_request', { log: 'value the database cannot store' });
  }
  if (isDatabaseUnavailable(error)) {
    // Not a bug: the database is down or restarting, and the client may retry shortly. Only the
    // driver's words are logged: the query text would hold parameters such as token hashes.
    console.warn(`[api] database unavailable: ${databaseOutageReason(error)}`);
    return new AppError('service_unavailable');
  }
  return null;
}

/** Renders any error as `{ error: { code, message } }`; unknown errors are logged and stay generic. */
export function errorResponse(c: Context<ApiEnv>, error: unknown): Response {
  const locale = c.get('locale') ?? 'en';
  const known = classify(error);
  let code: ErrorCode = 'internal_error';
  let message: string;
  let field: string | undefined;
  let fields: Record<string, string> | undefined;
  if (known) {
    const { detail, messageKey, values, headers } = known.options;
    code = known.code;
    field = known.options.field;
    fields = known.options.fields;
    message =
      code === 'validation_failed' && detail
        ? errorMessage(locale, code, { detail })
        : errorMessage(locale, messageKey ?? code, { seconds: DEFAULT_RETRY_AFTER[code] ?? 60, ...values });
    for (const [name, value] of Object.entries(headers ?? {})) c.header(name, value);
  } else {
    console.error(`[api] ${c.req.method} ${c.req.path} failed:`, error);
    message = errorMessage(locale, 'internal_error');
  }
  const retryAfter = DEFAULT_RETRY_AFTER[code];
  if (retryAfter !== undefined && !known?.options.headers?.['Retry-After']) {
    c.header('Retry-After', String(retryAfter));
  }
  const body: ApiError = {
    error: { code, message, ...(field ? { field } : {}), ...(fields ? { fields } : {}) },
  };
  c.header('Cache-Control', 'no-store');
  return c.json(body, ERROR_STATUS[code]);
}
