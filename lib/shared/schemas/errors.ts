import { z } from 'zod';

/** Every API error code. Each maps to one HTTP status in `ERROR_STATUS`. */
export const ERROR_CODES = [
  'validation_failed',
  'field_invalid',
  'email_taken',
  'signups_closed',
  'login_failed',
  'account_locked',
  'account_pending_deletion',
  'email_not_found',
  'reset_limit',
  'link_invalid',
  'not_found',
  'authentication_required',
  'forbidden',
  'origin_rejected',
  'rate_limited',
  'photo_limit_reached',
  'photo_invalid',
  'photo_too_large',
  'photo_too_many_pixels',
  'photos_changed',
  'premium_required',
  'blocked_by_member',
  'search_login_required',
  'invalid_json',
  'malformed_request',
  'unsupported_media_type',
  'payload_too_large',
  'email_not_confirmed',
  'service_unavailable',
  'insufficient_credits',
  'discount_not_found',
  'discount_used',
  'discount_not_applicable',
  'direct_debit_blocked',
  'direct_debit_limit',
  'sms_code_invalid',
  'sms_code_expired',
  'payment_unavailable',
  'signature_invalid',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status of every API error code: the single map the API's error handler
 * (and the mocked API) uses. */
export const ERROR_STATUS: Record<
  ErrorCode,
  400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 500 | 503
> = {
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
  photos_changed: 409,
  premium_required: 403,
  blocked_by_member: 403,
  search_login_required: 403,
  invalid_json: 400,
  malformed_request: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  email_not_confirmed: 403,
  service_unavailable: 503,
  insufficient_credits: 402,
  discount_not_found: 404,
  discount_used: 409,
  discount_not_applicable: 422,
  direct_debit_blocked: 403,
  direct_debit_limit: 409,
  sms_code_invalid: 422,
  sms_code_expired: 410,
  payment_unavailable: 409,
  signature_invalid: 401,
  internal_error: 500,
};

/** The one error shape of the API: `{ error: { code, message } }`. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** The form field the error is about, when it is about one. */
    field: z.string().optional(),
    /** Every invalid field with its message, when a request failed validation. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
