import {
  checkDateOfBirth,
  checkEmail,
  checkPassword,
  checkUsername,
  type FieldErrorCode,
} from '@/lib/shared/account-rules';
import type { SignupDraft } from '@/stores/signup-store';

/** The fields of the signup steps, named as the API names them (plus the terms checkbox). */
export type SignupField =
  'gender' | 'name' | 'date_of_birth' | 'email' | 'password' | 'terms' | 'signup_message';
export type FormStep = 0 | 1 | 2 | 3 | 4;

/** The step that asks for each field: a server error about a field sends the visitor back there. */
export const FIELD_STEP: Record<SignupField, FormStep> = {
  gender: 0,
  name: 1,
  date_of_birth: 2,
  email: 3,
  password: 4,
  terms: 4,
  signup_message: 4,
};

export const isSignupField = (value: unknown): value is SignupField =>
  typeof value === 'string' && value in FIELD_STEP;

/** Problems the form finds itself: the account rules' codes, plus two of its own. */
export type SignupProblem =
  | { field: SignupField; code: FieldErrorCode }
  | { field: 'gender'; code: 'gender_required' }
  | { field: 'terms'; code: 'terms_required' };

export interface SignupFormInput {
  draft: Omit<SignupDraft, 'step'>;
  password: string;
  hasAcceptedTerms: boolean;
}

/** The three parts of a stored date of birth (`2001--14` has no month yet). */
export function dateParts(value: string): { year: string; month: string; day: string } {
  const [year = '', month = '', day = ''] = value.split('-');
  return { year, month, day };
}

export function joinDateParts(parts: { year: string; month: string; day: string }): string {
  return parts.year || parts.month || parts.day ? `${parts.year}-${parts.month}-${parts.day}` : '';
}

/** The first problem on one step, checked with the shared account rules; null when it may be left. */
export function checkStep(step: FormStep, input: SignupFormInput, today = new Date()): SignupProblem | null {
  const { draft } = input;
  switch (step) {
    case 0:
      return draft.gender ? null : { field: 'gender', code: 'gender_required' };
    case 1: {
      const code = checkUsername(draft.name, draft.email);
      return code ? { field: 'name', code } : null;
    }
    case 2: {
      const parts = dateParts(draft.date_of_birth);
      // A date with a part missing is not entered yet.
      const value = parts.year && parts.month && parts.day ? draft.date_of_birth : '';
      const code = checkDateOfBirth(value, today);
      return code ? { field: 'date_of_birth', code } : null;
    }
    case 3: {
      const code = checkEmail(draft.email) ?? checkUsername(draft.name, draft.email);
      if (!code) return null;
      return { field: code === 'invalid_email' ? 'email' : 'name', code };
    }
    case 4: {
      const code = checkPassword(input.password, draft.email);
      if (code) return { field: 'password', code };
      return input.hasAcceptedTerms ? null : { field: 'terms', code: 'terms_required' };
    }
  }
}

/** The first problem of the whole form, step by step, before it is sent. */
export function firstProblem(input: SignupFormInput, today = new Date()): SignupProblem | null {
  for (const step of [0, 1, 2, 3, 4] as const) {
    const problem = checkStep(step, input, today);
    if (problem) return problem;
  }
  return null;
}
