'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useMailChangeConfirm } from '@/lib/api/account';
import { readApiFailure } from '@/lib/api/auth';
import { useFailureText } from '@/components/forms/field-errors';

/** /mail-change/do: sends the mailed link's token once and says whether the address changed. */
export function MailChangeConfirm(props: { token: string | null }) {
  const t = useTranslations('MailChange');
  const tErrors = useTranslations('Errors');
  const failureText = useFailureText();
  const confirm = useMailChangeConfirm();
  const { mutate } = confirm;
  // Strict mode runs effects twice; a token works once, so it is sent once.
  const isSent = useRef(false);

  useEffect(() => {
    if (!props.token || isSent.current) return;
    isSent.current = true;
    mutate({ token: props.token });
  }, [props.token, mutate]);

  const toSettings = (
    <Link href="/settings" className="btn btn-primary">
      {t('toSettings')}
    </Link>
  );

  if (!props.token || confirm.isError) {
    const text = props.token ? failureText(readApiFailure(confirm.error).message) : tErrors('link_invalid');
    return (
      <>
        <div className="alert alert-danger" role="alert">
          <p className="mb-0">{text}</p>
        </div>
        <p>{t('requestNew')}</p>
        {toSettings}
      </>
    );
  }
  if (confirm.isSuccess) {
    return (
      <>
        <div className="alert alert-success" role="status">
          {t('done')}
        </div>
        {toSettings}
      </>
    );
  }
  return (
    <p className="text-body-secondary" role="status">
      {t('confirming')}
    </p>
  );
}
