import { z } from 'zod';
import { LOCALES } from '../locales';
import { RowIdSchema } from './ids';
import { DELETION_REASONS, GENDERS, TRACKING_FIELD_MAX, TRACKING_VALUE_PATTERN } from '../values/auth';

export * from '../values/auth';

const email = z.string().trim().max(254);
const password = z.string().max(512);

/** `POST /api/user.php`: log in. */
export const LoginSchema = z.object({ email, password });

/**
 * One traffic-source value: within its length and of the safe characters (TRACKING_VALUE_PATTERN),
 * trimmed. One that does not fit is dropped (undefined), not refused: the signup goes on without it.
 */
const trackingValue = (max: number) =>
  z.preprocess((value) => {
    const trimmed = typeof value === 'string' ? value.trim() : value;
    return typeof trimmed === 'string' && trimmed.length <= max && TRACKING_VALUE_PATTERN.test(trimmed)
      ? trimmed
      : undefined;
  }, z.string().max(max).regex(TRACKING_VALUE_PATTERN).optional());

/** Where a visitor came from (spec §3 "Tracking query stored"). */
export const TrackingSchema = z.object({
  network: trackingValue(TRACKING_FIELD_MAX.network),
  ref: trackingValue(TRACKING_FIELD_MAX.ref),
  sub1: trackingValue(TRACKING_FIELD_MAX.sub1),
  sub2: trackingValue(TRACKING_FIELD_MAX.sub2),
  sub3: trackingValue(TRACKING_FIELD_MAX.sub3),
});
export type Tracking = z.infer<typeof TrackingSchema>;

/** `POST /api/signup.php`: create an account (the signup draft plus gender, language and tracking). */
export const SignupSchema = z.object({
  email,
  name: z.string().trim().max(64),
  date_of_birth: z.string().max(10),
  password,
  gender: z.enum(GENDERS),
  signup_message: z.string().trim().max(1000).optional(),
  language: z.enum(LOCALES),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  /** Prefilled from a fresh geolocation result; kept only when the region lies in the member's country. */
  region_id: RowIdSchema.optional(),
  city: z.string().trim().max(80).optional(),
  tracking: TrackingSchema.optional(),
});
export type SignupInput = z.infer<typeof SignupSchema>;

/** `PUT /api/user.php`: change the account's language. */
export const UpdateUserSchema = z.object({ language: z.enum(LOCALES) });

/** `POST /api/password-reset.php`: ask for a reset link. */
export const PasswordResetRequestSchema = z.object({ email });

/** `POST /api/password-reset-do.php`: set a new password with the link's token. */
export const PasswordResetSchema = z.object({
  token: z.string().min(16).max(128),
  password,
  password_repeat: password,
});

/** `POST /api/activation.php`: confirm the e-mail address with the link's token. */
export const ActivationSchema = z.object({ token: z.string().min(16).max(128) });

/** `POST /api/password.php`: change the password. */
export const ChangePasswordSchema = z.object({ old_password: password, new_password: password });

/** `POST /api/mail-change.php`: ask to move the account to a new address (confirmed by a mailed link). */
export const MailChangeSchema = z.object({ new_email: email, password });

/** `POST /api/mail-change-do.php`: confirm the new address with the link's token. */
export const MailChangeConfirmSchema = z.object({ token: z.string().min(16).max(128) });

/** `POST /api/account-deletion.php`: delete the account (it can be reactivated for 14 days). */
export const AccountDeletionSchema = z.object({
  password,
  reason: z.enum(DELETION_REASONS),
  comment: z.string().trim().max(2000).optional(),
});
