'use client';

import { AFTER_LOGIN_PATH } from './login-form';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { useUser } from '@/lib/api/hooks';
import { useCacheUpdates } from '@/lib/api/cache-updates';
import { ResendActivation } from './resend-activation';

/** /activate/done: where to go now that the address is confirmed. */
export function ActivationDoneActions() {
  const t = useTranslations('Activation');
  const updates = useCacheUpdates();
  const { data: user } = useUser();

  // The member's status changed on the server: the activation reminder must go away.
  useEffect(() => updates.userChanged(), [updates]);

  return user ? (
    <Link href={AFTER_LOGIN_PATH} className="btn btn-primary">
      {t('toMembers')}
    </Link>
  ) : (
    <Link href="/login" className="btn btn-primary">
      {t('login')}
    </Link>
  );
}

/** /activate/error: a new link for a logged-in member, otherwise the way to log in and ask for one. */
export function ActivationErrorActions() {
  const t = useTranslations('Activation');
  const { data: user } = useUser();

  if (user === undefined) return null;
  if (!user) {
    return (
      <>
        <p>{t('errorLogin')}</p>
        <Link href="/login?redirect=/activate/error" className="btn btn-primary">
          {t('login')}
        </Link>
      </>
    );
  }
  if (user.status !== 'not_confirmed') {
    return (
      <>
        <p>{t('alreadyConfirmed')}</p>
        <Link href={AFTER_LOGIN_PATH} className="btn btn-primary">
          {t('toMembers')}
        </Link>
      </>
    );
  }
  return (
    <>
      <p>{t('errorResend')}</p>
      <ResendActivation buttonClassName="btn btn-primary" />
    </>
  );
}
