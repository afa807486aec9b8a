'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useUser } from '@/lib/api/hooks';

/** Shows its children to a logged-in member; a visitor gets a link to log in and come back. */
export function MemberOnly(props: { redirect: string; message: string; children: ReactNode }) {
  const t = useTranslations('AccountSettings');
  const tCommon = useTranslations('Common');
  const { data: user, isPending } = useUser();
  if (isPending && user === undefined) return <p className="text-body-secondary">{tCommon('loading')}</p>;
  if (!user) {
    return (
      <div className="alert alert-info">
        <p>{props.message}</p>
        <Link href={`/login?redirect=${props.redirect}`} className="btn btn-primary">
          {t('login')}
        </Link>
      </div>
    );
  }
  return <>{props.children}</>;
}
