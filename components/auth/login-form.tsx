'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { ReactivationNotice } from '@/components/account/reactivation-notice';
import { readApiFailure, useLogin } from '@/lib/api/auth';
import { useUser } from '@/lib/api/hooks';
import { checkEmail } from '@/lib/shared/account-rules';
import { useFailureText, useFieldErrorText } from '@/components/forms/field-errors';
import { FormAlert, PasswordField, TextField } from '@/components/forms/form-fields';
import { useFocusRequest } from '@/components/forms/use-focus-request';
import { safeRedirectPath } from '@/lib/shared/safe-redirect';
import { PasskeyLoginButton, usePasskeySignIn } from './passkey-login';

/** Where a member goes after logging in when the page names no other place. */
/** Where a member lands after logging in or signing up: the home page until the members area exists. */
export const AFTER_LOGIN_PATH = '/members';

/**
 * The login form. Wrong credentials, a blocked account (with its minutes), an account pending
 * deletion, a suspension (with its end) or a ban (with the page about bans) and rate limits are shown
 * above the fields in the API's own words. Where the browser can, a passkey signs in instead: from
 * the e-mail field's autofill, or with the button under the form and nothing typed.
 */
export function LoginForm(props: { redirect?: string | null }) {
  const t = useTranslations('Login');
  const fieldErrorText = useFieldErrorText();
  const failureText = useFailureText();
  const router = useRouter();
  const login = useLogin();
  const { data: user } = useUser();
  const focus = useFocusRequest();
  const id = useId();
  const ids = { email: `${id}-email`, password: `${id}-password`, alert: `${id}-alert` };
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  // A banned member is shown the page that explains bans with the refusal.
  const [isBanned, setIsBanned] = useState(false);

  const target = safeRedirectPath(props.redirect) ?? AFTER_LOGIN_PATH;
  const passkey = usePasskeySignIn({
    onSignedIn: () => {
      router.push(target);
      router.refresh();
    },
    onFailure: ({ text, code }) => {
      setErrors({ form: text });
      setIsBanned(code === 'account_banned');
      focus(ids.alert);
    },
  });

  if (user && !login.isSuccess && !passkey.isSignedIn) {
    return (
      <div className="alert alert-info">
        <p>{t('alreadyLoggedIn')}</p>
        <Link href={target} className="btn btn-primary">
          {t('continue')}
        </Link>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const emailCode = checkEmail(email);
    const next = {
      email: emailCode ? fieldErrorText(emailCode) : undefined,
      password: password ? undefined : t('passwordRequired'),
    };
    setErrors(next);
    setIsBanned(false);
    if (next.email || next.password) {
      focus(next.email ? ids.email : ids.password);
      return;
    }
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          router.push(target);
          router.refresh();
        },
        onError: (error) => {
          const failure = readApiFailure(error);
          setErrors({ form: failureText(failure.message) });
          setIsBanned(failure.code === 'account_banned');
          focus(ids.alert);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <ReactivationNotice />
      <FormAlert id={ids.alert}>
        {errors.form ? (
          <>
            {errors.form}
            {isBanned ? (
              <>
                {' '}
                <Link href="/pages/ban" className="alert-link">
                  {t('banPage')}
                </Link>
              </>
            ) : null}
          </>
        ) : null}
      </FormAlert>
      <TextField
        id={ids.email}
        label={t('email')}
        type="email"
        inputMode="email"
        // "webauthn": the browser may offer the site's passkeys in this field's autofill.
        autoComplete="username webauthn"
        isRequired
        value={email}
        error={errors.email}
        onChange={(value) => {
          setEmail(value);
          if (errors.email) setErrors({ ...errors, email: undefined });
        }}
      />
      <PasswordField
        id={ids.password}
        label={t('password')}
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={(value) => {
          setPassword(value);
          if (errors.password) setErrors({ ...errors, password: undefined });
        }}
      />
      <div className="d-grid mb-3">
        <button type="submit" className="btn btn-primary btn-lg" disabled={login.isPending}>
          {login.isPending ? t('submitting') : t('submit')}
        </button>
      </div>
      {passkey.isSupported ? (
        <PasskeyLoginButton isPending={passkey.isPending} onStart={passkey.start} />
      ) : null}
      <p className="mb-2">
        <Link href="/reset-password">{t('forgotPassword')}</Link>
      </p>
      <p className="mb-0">
        {t.rich('noAccount', { signup: (chunks) => <Link href="/signup">{chunks}</Link> })}
      </p>
    </form>
  );
}
