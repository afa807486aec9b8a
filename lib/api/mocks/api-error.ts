import { IntlMessageFormat } from 'intl-messageformat';
import { HttpResponse } from 'msw';
import { ERROR_STATUS, type ApiError, type ErrorCode } from '@/lib/shared/schemas/errors';
import en from '@/messages/en.json';

export interface ApiErrorOptions {
  /** Defaults to the code's status in `ERROR_STATUS`, as the real API answers it. */
  status?: number;
  /** Defaults to the English `Errors.<messageKey ?? code>` text, as the real API sends it. */
  message?: string;
  /** The `Errors` message to word the answer with instead of the code's own (field errors). */
  messageKey?: string;
  /** ICU values of the message. */
  values?: Record<string, string | number>;
  /** The form field the error is about. */
  field?: string;
  headers?: Record<string, string>;
}

/** The English text of an `Errors.<key>` message, as the real API would send it to an English visitor. */
export function errorText(key: string, values: Record<string, string | number> = {}): string {
  const message = (en.Errors as Record<string, string>)[key] ?? key;
  return String(new IntlMessageFormat(message, 'en').format(values));
}

/** An error answer of the mocked API, in the API's one shape `{ error: { code, message, field? } }`. */
export function apiError(code: ErrorCode, options: ApiErrorOptions = {}) {
  const body: ApiError = {
    error: {
      code,
      message: options.message ?? errorText(options.messageKey ?? code, options.values),
      ...(options.field ? { field: options.field } : {}),
    },
  };
  return HttpResponse.json(body, { status: options.status ?? ERROR_STATUS[code], headers: options.headers });
}
