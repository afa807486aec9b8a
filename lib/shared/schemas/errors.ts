import { z } from 'zod';

/** Every API error code. Each maps to one HTTP status in `lib/server/api/errors.ts`. */
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
  'premium_required',
  'blocked_by_member',
  'search_login_required',
  'internal_error',
  'service_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error shape of the API: `{ error: { code, message } }`. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** The form field the error is about, when it is about one. */
    field: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
