import 'server-only';
import {
  checkDateOfBirth,
  checkUsername,
  MIN_AGE,
  USERNAME_LENGTH,
  type FieldErrorCode,
} from '@/lib/shared/account-rules';
import type { FictionalProfileFields } from '@/lib/shared/schemas/fictional-profiles';
import { AppError } from '../errors';

const VALUES: Partial<Record<FieldErrorCode, Record<string, number>>> = {
  date_of_birth_required: { min_age: MIN_AGE },
  username_length: { min: USERNAME_LENGTH.min, max: USERNAME_LENGTH.max },
};

/** Checks the name and date of birth by the members' own rules (an adult's date, a name members may use). */
export function checkNameAndBirth(fields: Partial<FictionalProfileFields>, now: Date): void {
  if (fields.name !== undefined) {
    const code = checkUsername(fields.name, '');
    if (code) throw new AppError('field_invalid', { field: 'name', messageKey: code, values: VALUES[code] });
  }
  if (fields.date_of_birth !== undefined) {
    const code = checkDateOfBirth(fields.date_of_birth, now);
    if (code)
      throw new AppError('field_invalid', { field: 'date_of_birth', messageKey: code, values: VALUES[code] });
  }
}
