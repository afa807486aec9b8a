'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { readApiFailure, usePasswordResetRequest } from '@/lib/api/auth';
import { checkEmail } from '@/lib/shared/account-rules';
import { useFailureText, useFieldErrorText } from '@/components/forms/field-errors';
import { FormAlert, TextField } from '@/components/forms/form-fields';
import { useFocusRequest } from '@/components/forms/use-focus-request';

/** /reset-password: asks for the account's address and mails a link to choose a new password. */
export function ResetRequestForm() {
  const t = useTranslations('ResetPassword');
  const fieldErrorText = useFieldErrorText();
  const failureText = useFailureText();
  const request = usePasswordResetRequest();
  const focus = useFocusRequest();
  const id = useId();
  const ids = { email: `${id}-email`, alert: `${id}-alert`, sent: `${id}-sent` };
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ email?: string; form?: string }>({});

  if (request.isSuccess) {
    return (
      <div id={ids.sent} className="alert alert-success" role="status" tabIndex={-1}>
        <p className="text-break">{t('sent', { email: request.variables.email })}</p>
        <Link href="/login">{t('backToLogin')}</Link>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = checkEmail(email);
    if (code) {
      setErrors({ email: fieldErrorText(code) });
      focus(ids.email);
      return;
    }
    setErrors({});
    request.mutate(
      { email: email.trim() },
      {
        onSuccess: () => focus(ids.sent),
        onError: (error) => {
          const failure = readApiFailure(error);
          const text = failureText(failure.message);
          if (failure.code === 'email_not_found' || failure.field === 'email') {
            setErrors({ email: text });
            focus(ids.email);
          } else {
            setErrors({ form: text });
            focus(ids.alert);
          }
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <FormAlert id={ids.alert}>{errors.form}</FormAlert>
      <TextField
        id={ids.email}
        label={t('email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        isRequired
        value={email}
        error={errors.email}
        onChange={(value) => {
          setEmail(value);
          if (errors.email) setErrors({});
        }}
      />
      <div className="d-grid mb-3">
        <button type="submit" className="btn btn-primary btn-lg" disabled={request.isPending}>
          {request.isPending ? t('sending') : t('send')}
        </button>
      </div>
      <Link href="/login">{t('backToLogin')}</Link>
    </form>
  );
}
