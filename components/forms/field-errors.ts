'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { MIN_AGE, PASSWORD_LENGTH, USERNAME_LENGTH, type FieldErrorCode } from '@/lib/shared/account-rules';

/** The values a field error's text needs (`Errors.<code>`). */
function valuesOf(code: FieldErrorCode): Record<string, number> {
  switch (code) {
    case 'username_length':
      return { min: USERNAME_LENGTH.min, max: USERNAME_LENGTH.max };
    case 'password_too_short':
      return { min: PASSWORD_LENGTH.min };
    case 'password_too_long':
      return { max: PASSWORD_LENGTH.max };
    case 'date_of_birth_required':
      return { min_age: MIN_AGE };
    default:
      return {};
  }
}

/** The text of a validation error from `lib/shared/account-rules.ts`, in the visitor's language. */
export function useFieldErrorText(): (code: FieldErrorCode) => string {
  const t = useTranslations('Errors');
  return useCallback((code: FieldErrorCode) => t(code, valuesOf(code)), [t]);
}

/** The API's text for a failed call, or the generic one when it sent none (network failure). */
export function useFailureText(): (message: string | null) => string {
  const t = useTranslations('Errors');
  return useCallback((message: string | null) => message ?? t('internal_error'), [t]);
}
