import { COMMON_PASSWORDS } from './common-passwords';

/** The youngest a member may be. The value is not shown in the product. */
export const MIN_AGE = 18;
export const USERNAME_LENGTH = { min: 3, max: 24 } as const;
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

/** Codes of the validation errors both the forms and the API give; texts live under `Errors`. */
export type FieldErrorCode =
  | 'invalid_email'
  | 'username_length'
  | 'username_characters'
  | 'username_is_email'
  | 'username_starts_with_at'
  | 'date_of_birth_required'
  | 'invalid_date_of_birth'
  | 'password_too_short'
  | 'password_too_long'
  | 'password_too_common'
  | 'password_is_email'
  | 'passwords_differ';

// Deliberately simple: one @, something before it, a dotted domain after it, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function checkEmail(email: string): FieldErrorCode | null {
  const value = email.trim();
  return value.length <= 254 && EMAIL.test(value) ? null : 'invalid_email';
}

export function checkUsername(name: string, email: string): FieldErrorCode | null {
  const value = name.trim();
  if (value.startsWith('@')) return 'username_starts_with_at';
  if (email && value.toLowerCase() === email.trim().toLowerCase()) return 'username_is_email';
  if (value.length < USERNAME_LENGTH.min || value.length > USERNAME_LENGTH.max) return 'username_length';
  if (!/^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u.test(value)) return 'username_characters';
  return null;
}

/** Parses YYYY-MM-DD into a real calendar date, or null. */
export function parseDateOfBirth(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return { year, month, day };
}

/** Age in whole years on `today` (UTC calendar day). */
export function ageOn(dateOfBirth: { year: number; month: number; day: number }, today: Date): number {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() + 1;
  const d = today.getUTCDate();
  return (
    y - dateOfBirth.year - (m < dateOfBirth.month || (m === dateOfBirth.month && d < dateOfBirth.day) ? 1 : 0)
  );
}

export function checkDateOfBirth(value: string, today: Date = new Date()): FieldErrorCode | null {
  if (!value.trim()) return 'date_of_birth_required';
  const parsed = parseDateOfBirth(value);
  if (!parsed) return 'invalid_date_of_birth';
  const age = ageOn(parsed, today);
  if (age < 0 || age > 120) return 'invalid_date_of_birth';
  return age < MIN_AGE ? 'date_of_birth_required' : null;
}

export function checkPassword(password: string, email = ''): FieldErrorCode | null {
  if (password.length < PASSWORD_LENGTH.min) return 'password_too_short';
  if (password.length > PASSWORD_LENGTH.max) return 'password_too_long';
  if (email && password.toLowerCase() === email.trim().toLowerCase()) return 'password_is_email';
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'password_too_common';
  return null;
}
