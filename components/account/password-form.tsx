'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { useChangePassword } from '@/lib/api/account';
import { readApiFailure } from '@/lib/api/auth';
import { checkPassword, PASSWORD_LENGTH } from '@/lib/shared/account-rules';
import { useFailureText, useFieldErrorText } from '@/components/auth/field-errors';
import { FormAlert, PasswordField } from '@/components/auth/form-fields';
import { useFocusRequest } from '@/components/auth/hooks';

type Field = 'old_password' | 'new_password' | 'new_password_repeat';
const FIELDS: readonly Field[] = ['old_password', 'new_password', 'new_password_repeat'];
const EMPTY: Record<Field, string> = { old_password: '', new_password: '', new_password_repeat: '' };

/** Settings › Password: the current one, the new one twice. The member's other sessions end. */
export function PasswordForm() {
  const t = useTranslations('AccountSettings');
  const fieldErrorText = useFieldErrorText();
  const failureText = useFailureText();
  const changePassword = useChangePassword();
  const focus = useFocusRequest();
  const id = useId();
  const ids = {
    old_password: `${id}-old`,
    new_password: `${id}-new`,
    new_password_repeat: `${id}-repeat`,
    alert: `${id}-alert`,
    done: `${id}-done`,
  };
  const [values, setValues] = useState<Record<Field, string>>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaved, setSaved] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const newCode = checkPassword(values.new_password);
    const next: Partial<Record<Field, string>> = {
      old_password: values.old_password ? undefined : t('passwordRequired'),
      new_password: newCode ? fieldErrorText(newCode) : undefined,
      new_password_repeat:
        !newCode && values.new_password !== values.new_password_repeat
          ? fieldErrorText('passwords_differ')
          : undefined,
    };
    setErrors(next);
    setFormError(null);
    setSaved(false);
    const first = FIELDS.find((field) => next[field]);
    if (first) {
      focus(ids[first]);
      return;
    }
    changePassword.mutate(
      { old_password: values.old_password, new_password: values.new_password },
      {
        onSuccess: () => {
          setValues(EMPTY);
          setSaved(true);
          focus(ids.done);
        },
        onError: (error) => {
          const failure = readApiFailure(error);
          const text = failureText(failure.message);
          const field = FIELDS.find((name) => name === failure.field);
          if (field) {
            setErrors({ [field]: text });
            focus(ids[field]);
          } else {
            setFormError(text);
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
      {isSaved ? (
        <div id={ids.done} className="alert alert-success" role="status" tabIndex={-1}>
          {t('passwordSaved')}
        </div>
      ) : null}
      <FormAlert id={ids.alert}>{formError}</FormAlert>
      <PasswordField
        id={ids.old_password}
        label={t('oldPassword')}
        autoComplete="current-password"
        value={values.old_password}
        error={errors.old_password}
        onChange={change('old_password')}
      />
      <PasswordField
        id={ids.new_password}
        label={t('newPassword')}
        hint={t('newPasswordHint', { min: PASSWORD_LENGTH.min })}
        autoComplete="new-password"
        value={values.new_password}
        error={errors.new_password}
        onChange={change('new_password')}
      />
      <PasswordField
        id={ids.new_password_repeat}
        label={t('repeatPassword')}
        autoComplete="new-password"
        value={values.new_password_repeat}
        error={errors.new_password_repeat}
        onChange={change('new_password_repeat')}
      />
      <button type="submit" className="btn btn-primary" disabled={changePassword.isPending}>
        {changePassword.isPending ? t('passwordSaving') : t('passwordSave')}
      </button>
    </form>
  );
}
