import { z } from 'zod';

/** Every API error code. Each maps to one HTTP status in `lib/server/api/errors.ts`. */
export const ERROR_CODES = [
  'validation_failed',
  'not_found',
  'authentication_required',
  'forbidden',
  'origin_rejected',
  'rate_limited',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error shape of the API: `{ error: { code, message } }`. */
export const ApiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
