'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import type { User } from '@/lib/shared/schemas/user';
import { STOP_REASON_TEXT } from './stop-reason';

/**
 * On the notifications page, when e-mail notifications stopped (a spam complaint, a bounce or an
 * unsubscribe, spec §8): why, and the button that turns them back on. Once they are on again it says
 * so, where the button was.
 */
export function EmailStoppedNotice(props: {
  stopped: User['email_notifications_stopped'];
  hasFailed: boolean;
  onResume: () => void;
}) {
  const t = useTranslations('NotificationSettings');
  const tAlerts = useTranslations('NotificationAlerts');
  const headingId = useId();
  const resumed = useRef<HTMLDivElement>(null);
  // The reason last shown, so the notice can turn into "on again" instead of vanishing.
  const [shownReason, setShownReason] = useState(props.stopped?.reason ?? null);
  const isResumed = shownReason !== null && props.stopped === null && !props.hasFailed;
  if (props.stopped && props.stopped.reason !== shownReason) setShownReason(props.stopped.reason);

  useEffect(() => {
    if (isResumed) resumed.current?.focus();
  }, [isResumed]);

  if (isResumed) {
    return (
      <div ref={resumed} tabIndex={-1} className="alert alert-success notif-stopped" role="status">
        {t('stoppedResumed')}
      </div>
    );
  }
  const reason = props.stopped?.reason ?? (props.hasFailed ? shownReason : null);
  if (!reason) return null;
  return (
    <section className="alert alert-warning notif-stopped" aria-labelledby={headingId}>
      <h2 id={headingId} className="h6 alert-heading">
        {tAlerts('stoppedTitle')}
      </h2>
      <p className="mb-2">
        {tAlerts(STOP_REASON_TEXT[reason])}
        {reason === 'unsubscribe' ? ` ${t('stoppedUnsubscribeHint')}` : null}
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <button type="button" className="btn btn-sm btn-outline-dark" onClick={props.onResume}>
          {t('stoppedResume')}
        </button>
        {reason === 'bounce' ? (
          <Link href="/settings" className="btn btn-sm btn-link">
            {t('stoppedChangeEmail')}
          </Link>
        ) : null}
      </div>
      {props.hasFailed ? (
        <p className="mt-2 mb-0 text-danger-emphasis" role="alert">
          {t('saveFailed')}
        </p>
      ) : null}
    </section>
  );
}
