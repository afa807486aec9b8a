import 'server-only';
import type { Context } from 'hono';
import type { ApiError, ErrorCode } from '@/lib/shared/schemas/errors';
import { AppError, ERROR_STATUS } from '../errors';
import type { ApiEnv } from './context';
import { errorMessage } from './i18n';

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
  } else {
    console.error(`[api] ${c.req.method} ${c.req.path} failed:`, error);
    message = errorMessage(locale, 'internal_error');
  }
  const body: ApiError = { error: field ? { code, message, field } : { code, message } };
  c.header('Cache-Control', 'no-store');
  return c.json(body, ERROR_STATUS[code]);
}
