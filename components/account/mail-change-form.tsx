'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { useMailChange } from '@/lib/api/account';
import { readApiFailure } from '@/lib/api/auth';
import { checkEmail } from '@/lib/shared/account-rules';
import { useFailureText } from '@/components/auth/field-errors';
import { FormAlert, PasswordField, TextField } from '@/components/auth/form-fields';
import { useFocusRequest } from '@/components/auth/hooks';

type Field = 'new_email' | 'password';
const FIELDS: readonly Field[] = ['new_email', 'password'];

/** Settings › E-mail address: the new address and the current password; the link goes to the new address. */
export function MailChangeForm() {
  const t = useTranslations('AccountSettings');
  const tErrors = useTranslations('Errors');
  const failureText = useFailureText();
  const mailChange = useMailChange();
  const focus = useFocusRequest();
  const id = useId();
  const ids = {
    new_email: `${id}-email`,
    password: `${id}-password`,
    alert: `${id}-alert`,
    done: `${id}-done`,
  };
  const [values, setValues] = useState<Record<Field, string>>({ new_email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {
      new_email: checkEmail(values.new_email) ? tErrors('new_email_invalid') : undefined,
      password: values.password ? undefined : t('passwordRequired'),
    };
    setErrors(next);
    setFormError(null);
    setSentTo(null);
    const first = FIELDS.find((field) => next[field]);
    if (first) {
      focus(ids[first]);
      return;
    }
    const input = { new_email: values.new_email.trim(), password: values.password };
    mailChange.mutate(input, {
      onSuccess: () => {
        setSentTo(input.new_email);
        setValues({ new_email: '', password: '' });
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
    });
  };

  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
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
