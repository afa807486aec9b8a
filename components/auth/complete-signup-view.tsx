'use client';

import { AFTER_LOGIN_PATH } from './login-form';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useUser } from '@/lib/api/hooks';
import { SignupStoreProvider, useSignupDraftLoaded, useSignupStore } from '@/stores/signup-store-provider';
import { SignupComplete } from './signup-complete';

/** /complete-signup: the complete step for a logged-in member whose e-mail is not confirmed yet. */
export function CompleteSignupView() {
  return (
    <SignupStoreProvider>
      <CompleteSignup />
    </SignupStoreProvider>
  );
}

function CompleteSignup() {
  const t = useTranslations('Activation');
  const tCommon = useTranslations('Common');
  const { data: user } = useUser();
  const isLoaded = useSignupDraftLoaded();
  const email = useSignupStore((state) => state.email);
  const headingId = useId();

  if (user === undefined || !isLoaded) return <p className="text-body-secondary">{tCommon('loading')}</p>;
  if (!user) {
    return (
      <>
        <h1>{t('confirmTitle')}</h1>
        <p>
          {t.rich('loginToConfirm', {
            login: (chunks) => <Link href="/login?redirect=/complete-signup">{chunks}</Link>,
          })}
        </p>
      </>
    );
  }
  if (user.status !== 'not_confirmed') {
    return (
      <>
        <h1>{t('doneTitle')}</h1>
        <p>{t('alreadyConfirmed')}</p>
        <Link href={AFTER_LOGIN_PATH} className="btn btn-primary">
          {t('toMembers')}
        </Link>
      </>
    );
  }
  // The address is known only in the tab that signed up; elsewhere the text names none.
  return <SignupComplete email={email} headingId={headingId} headingLevel={1} />;
}
