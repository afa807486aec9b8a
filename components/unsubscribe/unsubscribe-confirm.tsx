'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { useUnsubscribe } from '@/lib/api/unsubscribe';
import { hasFeaturePage } from '@/lib/shared/feature-pages';
import type { NotificationKind } from '@/lib/shared/values/notifications';

export interface UnsubscribeConfirmProps {
  token: string;
  kind: NotificationKind;
  /** The address the mails go to, partly hidden. */
  email: string;
  /** That kind of mail is off already. */
  isOff: boolean;
}

/**
 * `/unsubscribe`: says which mails stop and for which address, and stops them only when the member
 * presses the button (opening the page changes nothing: mail scanners open links too).
 */
export function UnsubscribeConfirm(props: UnsubscribeConfirmProps) {
  const t = useTranslations('Unsubscribe');
  const tErrors = useTranslations('Errors');
  const unsubscribe = useUnsubscribe();
  const outcome = useRef<HTMLDivElement>(null);
  const isDone = props.isOff || unsubscribe.isSuccess;

  // The button is gone once it worked: the outcome takes the keyboard focus, and is read out.
  useEffect(() => {
    if (unsubscribe.isSuccess) outcome.current?.focus();
  }, [unsubscribe.isSuccess]);

  // The notification settings, once that page exists (no link ever leads to a 404).
  const manage = hasFeaturePage('/notifications') && (
    <Link href="/notifications" className={isDone ? 'btn btn-primary' : 'btn btn-link px-0'}>
      {t('manage')}
    </Link>
  );

  if (isDone) {
    return (
      <>
        <div
          ref={outcome}
          tabIndex={-1}
          className="alert alert-success"
          role="status"
          data-testid="unsubscribe-done"
        >
          {props.isOff ? t('already') : t('done')}
        </div>
        {manage}
      </>
    );
  }

  const failure = unsubscribe.isError ? readApiFailure(unsubscribe.error) : null;
  return (
    <>
      <p className="mb-2">{t('intro', { email: props.email })}</p>
      <p className="fs-5 fw-semibold mb-3" data-testid="unsubscribe-kind">
        {t(`kinds.${props.kind}`)}
      </p>
      <p className="text-body-secondary">{t('note')}</p>
      {failure && (
        <div className="alert alert-danger" role="alert">
          {failure.code === 'link_invalid' ? t('invalid') : tErrors('internal_error')}
        </div>
      )}
      <div className="d-flex flex-wrap align-items-center gap-3 mt-4">
        <button
          type="button"
          className="btn btn-primary"
          disabled={unsubscribe.isPending}
          aria-busy={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate({ token: props.token })}
        >
          {unsubscribe.isPending ? t('busy') : t('confirm')}
        </button>
        {manage}
      </div>
    </>
  );
}
