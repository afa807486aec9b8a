'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { readApiFailure, usePasswordReset } from '@/lib/api/auth';
import { checkPassword, PASSWORD_LENGTH } from '@/lib/shared/account-rules';
import { useFailureText, useFieldErrorText } from './field-errors';
import { FormAlert, PasswordField } from './form-fields';
import { useFocusRequest } from './hooks';

type Field = 'password' | 'password_repeat';

/** /reset-password/do: the new password twice, sent with the mailed link's token. */
export function ResetPasswordForm(props: { token: string | null }) {
  const t = useTranslations('ResetPassword');
  const tErrors = useTranslations('Errors');
  const fieldErrorText = useFieldErrorText();
  const failureText = useFailureText();
  const reset = usePasswordReset();
  const focus = useFocusRequest();
  const id = useId();
  const ids = {
    password: `${id}-password`,
    password_repeat: `${id}-repeat`,
    alert: `${id}-alert`,
    done: `${id}-done`,
  };
  const [values, setValues] = useState<Record<Field, string>>({ password: '', password_repeat: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<ReactNode>(null);

  const requestNew = (
    <Link href="/reset-password" className="alert-link">
      {t('requestNew')}
    </Link>
  );

  if (!props.token) {
    return (
      <div className="alert alert-danger" role="alert">
        {tErrors('link_invalid')} {requestNew}
      </div>
    );
  }
  const token = props.token;

  if (reset.isSuccess) {
    return (
      <div id={ids.done} className="alert alert-success" role="status" tabIndex={-1}>
        <p>{t('saved')}</p>
        <Link href="/login" className="btn btn-primary">
          {t('login')}
        </Link>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const passwordCode = checkPassword(values.password);
    const next: Partial<Record<Field, string>> = passwordCode
      ? { password: fieldErrorText(passwordCode) }
      : values.password !== values.password_repeat
        ? { password_repeat: fieldErrorText('passwords_differ') }
        : {};
    setErrors(next);
    setFormError(null);
    const first = (['password', 'password_repeat'] as const).find((field) => next[field]);
    if (first) {
      focus(ids[first]);
      return;
    }
    reset.mutate(
      { token, ...values },
      {
        onSuccess: () => focus(ids.done),
        onError: (error) => {
          const failure = readApiFailure(error);
          const text = failureText(failure.message);
          if (failure.field === 'password' || failure.field === 'password_repeat') {
            setErrors({ [failure.field]: text });
            focus(ids[failure.field]);
          } else {
            setFormError(
              failure.code === 'link_invalid' ? (
                <>
                  {text} {requestNew}
                </>
              ) : (
                text
              ),
            );
            focus(ids.alert);
          }
        },
      },
    );
  };

  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <FormAlert id={ids.alert}>{formError}</FormAlert>
      <PasswordField
        id={ids.password}
        label={t('password')}
        hint={t('passwordHint', { min: PASSWORD_LENGTH.min })}
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        onChange={change('password')}
      />
      <PasswordField
        id={ids.password_repeat}
        label={t('passwordRepeat')}
        autoComplete="new-password"
        value={values.password_repeat}
        error={errors.password_repeat}
        onChange={change('password_repeat')}
      />
      <div className="d-grid">
        <button type="submit" className="btn btn-primary btn-lg" disabled={reset.isPending}>
          {reset.isPending ? t('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}
