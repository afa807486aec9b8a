'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useChangePassword } from '@/lib/api/account';
import { checkPassword, PASSWORD_LENGTH } from '@/lib/shared/account-rules';
import { useFieldErrorText } from '@/components/forms/field-errors';
import { FormAlert, PasswordField } from '@/components/forms/form-fields';
import { useFieldForm } from '@/components/forms/use-field-form';

type Field = 'old_password' | 'new_password' | 'new_password_repeat';
const FIELDS: readonly Field[] = ['old_password', 'new_password', 'new_password_repeat'];
const EMPTY: Record<Field, string> = { old_password: '', new_password: '', new_password_repeat: '' };

/** Settings › Password: the current one, the new one twice. The member's other sessions end. */
export function PasswordForm() {
  const t = useTranslations('AccountSettings');
  const fieldErrorText = useFieldErrorText();
  const changePassword = useChangePassword();
  const form = useFieldForm(FIELDS, EMPTY);
  const { ids, values, errors, formError, change } = form;
  const [isSaved, setSaved] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const newCode = checkPassword(values.new_password);
    const isValid = form.check({
      old_password: values.old_password ? undefined : t('passwordRequired'),
      new_password: newCode ? fieldErrorText(newCode) : undefined,
      new_password_repeat:
        !newCode && values.new_password !== values.new_password_repeat
          ? fieldErrorText('passwords_differ')
          : undefined,
    });
    if (!isValid) return;
    changePassword.mutate(
      { old_password: values.old_password, new_password: values.new_password },
      {
        onSuccess: () => {
          form.clear();
          setSaved(true);
          form.focus(ids.done);
        },
        onError: (error) => form.showFailure(error),
      },
    );
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
