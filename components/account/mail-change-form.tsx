'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useMailChange } from '@/lib/api/account';
import { checkEmail } from '@/lib/shared/account-rules';
import { FormAlert, PasswordField, TextField } from '@/components/forms/form-fields';
import { useFieldForm } from '@/components/forms/use-field-form';

type Field = 'new_email' | 'password';
const FIELDS: readonly Field[] = ['new_email', 'password'];
const EMPTY: Record<Field, string> = { new_email: '', password: '' };

/** Settings › E-mail address: the new address and the current password; the link goes to the new address. */
export function MailChangeForm() {
  const t = useTranslations('AccountSettings');
  const tErrors = useTranslations('Errors');
  const mailChange = useMailChange();
  const form = useFieldForm(FIELDS, EMPTY);
  const { ids, values, errors, formError, change } = form;
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSentTo(null);
    const isValid = form.check({
      new_email: checkEmail(values.new_email) ? tErrors('new_email_invalid') : undefined,
      password: values.password ? undefined : t('passwordRequired'),
    });
    if (!isValid) return;
    const input = { new_email: values.new_email.trim(), password: values.password };
    mailChange.mutate(input, {
      onSuccess: () => {
        setSentTo(input.new_email);
        form.clear();
        form.focus(ids.done);
      },
      onError: (error) => form.showFailure(error),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <p>{t('emailIntro')}</p>
      {sentTo ? (
        <div id={ids.done} className="alert alert-success" role="status" tabIndex={-1}>
          {t('emailSent', { email: sentTo })}
        </div>
      ) : null}
      <FormAlert id={ids.alert}>{formError}</FormAlert>
      <TextField
        id={ids.new_email}
        label={t('newEmail')}
        type="email"
        inputMode="email"
        autoComplete="email"
        isRequired
        maxLength={254}
        value={values.new_email}
        error={errors.new_email}
        onChange={change('new_email')}
      />
      <PasswordField
        id={ids.password}
        label={t('currentPassword')}
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onChange={change('password')}
      />
      <button type="submit" className="btn btn-primary" disabled={mailChange.isPending}>
        {mailChange.isPending ? t('emailSaving') : t('emailSave')}
      </button>
    </form>
  );
}
