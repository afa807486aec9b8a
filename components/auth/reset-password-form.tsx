'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { FormEvent } from 'react';
import { usePasswordReset } from '@/lib/api/auth';
import { checkPassword, PASSWORD_LENGTH } from '@/lib/shared/account-rules';
import { useFieldErrorText } from '@/components/forms/field-errors';
import { FormAlert, PasswordField } from '@/components/forms/form-fields';
import { useFieldForm } from '@/components/forms/use-field-form';

type Field = 'password' | 'password_repeat';
const FIELDS: readonly Field[] = ['password', 'password_repeat'];
const EMPTY: Record<Field, string> = { password: '', password_repeat: '' };

/** /reset-password/do: the new password twice, sent with the mailed link's token. */
export function ResetPasswordForm(props: { token: string | null }) {
  const t = useTranslations('ResetPassword');
  const tErrors = useTranslations('Errors');
  const fieldErrorText = useFieldErrorText();
  const reset = usePasswordReset();
  const form = useFieldForm(FIELDS, EMPTY);
  const { ids, values, errors, formError, change } = form;

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
    const isValid = form.check(
      passwordCode
        ? { password: fieldErrorText(passwordCode) }
        : values.password !== values.password_repeat
          ? { password_repeat: fieldErrorText('passwords_differ') }
          : {},
    );
    if (!isValid) return;
    reset.mutate(
      { token, ...values },
      {
        onSuccess: () => form.focus(ids.done),
        onError: (error) =>
          form.showFailure(error, (text, failure) =>
            failure.code === 'link_invalid' ? (
              <>
                {text} {requestNew}
              </>
            ) : (
              text
            ),
          ),
      },
    );
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
