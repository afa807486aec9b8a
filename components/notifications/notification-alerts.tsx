'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useUser } from '@/lib/api/hooks';
import type { User } from '@/lib/shared/schemas/user';
import { isNotificationEnabled, NOTIFICATION_KINDS } from '@/lib/shared/values/notifications';
import {
  isReminderHiddenOn,
  needsActivationReminder,
  REMINDER_DISMISSAL_KEY,
} from '../auth/activation-reminder';
import { dismiss, useDismissedAt } from '../hooks/dismissals';
import { usePushState, type PushState } from '../push/use-push-state';
import { BellIcon } from './notification-icons';
import { STOP_REASON_TEXT } from './stop-reason';

const NOTIFICATIONS_PAGE = '/notifications';

/** Whether the member should be told that e-mail notifications stopped (not again after dismissing it). */
export function showsStoppedAlert(user: User, dismissedAt: number | null): boolean {
  const stopped = user.email_notifications_stopped;
  if (!stopped) return false;
  return dismissedAt === null || dismissedAt < Date.parse(stopped.at);
}

/**
 * Whether to suggest push on this device: a confirmed member, a device that can but is not subscribed
 * and has not been refused, not dismissed, and some kind still wanted by push.
 */
export function offersPush(user: User, state: PushState, dismissedAt: number | null): boolean {
  return (
    user.status === 'confirmed' &&
    state === 'not-subscribed' &&
    dismissedAt === null &&
    NOTIFICATION_KINDS.some((kind) => isNotificationEnabled(user.notifications_disabled, 'push', kind))
  );
}

function StoppedAlert(props: { user: User; onDismiss: () => void }) {
  const t = useTranslations('NotificationAlerts');
  const headingId = useId();
  const reason = props.user.email_notifications_stopped?.reason;
  if (!reason) return null;
  return (
    <section className="alert alert-warning alert-dismissible member-alert mb-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="h6 alert-heading">
        {t('stoppedTitle')}
      </h2>
      <p>{t(STOP_REASON_TEXT[reason])}</p>
      <Link href={NOTIFICATIONS_PAGE} className="btn btn-sm btn-outline-dark">
        {t('stoppedAction')}
      </Link>
      <button
        type="button"
        className="btn-close"
        aria-label={t('stoppedDismiss')}
        onClick={props.onDismiss}
      />
    </section>
  );
}

function PushAlert(props: { onDismiss: () => void }) {
  const t = useTranslations('NotificationAlerts');
  const headingId = useId();
  const push = usePushState();
  const [hasTried, setTried] = useState(false);

  if (push.state === 'subscribed') {
    return (
      <div className="alert alert-success alert-dismissible member-alert mb-4" role="status">
        <p className="mb-2">{t('pushDone')}</p>
        <Link href={NOTIFICATIONS_PAGE} className="btn btn-sm btn-outline-dark">
          {t('pushChoose')}
        </Link>
        <button type="button" className="btn-close" aria-label={t('pushDismiss')} onClick={props.onDismiss} />
      </div>
    );
  }
  return (
    <section
      className="alert alert-info alert-dismissible member-alert member-alert-push mb-4"
      aria-labelledby={headingId}
    >
      <span className="member-alert-icon">
        <BellIcon size={22} />
      </span>
      <div>
        <h2 id={headingId} className="h6 alert-heading">
          {t('pushTitle')}
        </h2>
        <p>{t('pushBody')}</p>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={push.isBusy}
          onClick={() => {
            setTried(true);
            void push.subscribe();
          }}
        >
          {push.isBusy ? t('pushTurningOn') : t('pushTurnOn')}
        </button>
        {hasTried && push.error && !push.isBusy ? (
          <p className="mt-2 mb-0" role="alert">
            {t('pushFailed')}
          </p>
        ) : null}
      </div>
      <button type="button" className="btn-close" aria-label={t('pushDismiss')} onClick={props.onDismiss} />
    </section>
  );
}

/**
 * The members' notification alerts above the page, one at a time and never beside the activation
 * reminder, which matters more: first that e-mail notifications stopped (spec §8), then the offer to
 * turn on push (spec §4). Neither on the notifications page, which says both itself.
 */
export function NotificationAlerts() {
  const { data: user } = useUser();
  const pathname = usePathname() ?? '';
  const push = usePushState();
  const reminderDismissedAt = useDismissedAt(REMINDER_DISMISSAL_KEY);
  const stoppedDismissedAt = useDismissedAt('disabled-notifications-alert');
  const pushDismissedAt = useDismissedAt('push-notification-alert');
  // The push offer stays (as its "on" confirmation) once taken, until closed.
  const [isPushOffered, setPushOffered] = useState(false);
  const [closed, setClosed] = useState<'stopped' | 'push' | null>(null);

  // Undefined until hydrated: dismissals live in the browser.
  if (!user || stoppedDismissedAt === undefined || pushDismissedAt === undefined) return null;
  if (pathname === NOTIFICATIONS_PAGE || pathname.startsWith(`${NOTIFICATIONS_PAGE}/`)) return null;
  const showsReminder =
    needsActivationReminder(user) && !isReminderHiddenOn(pathname) && reminderDismissedAt === null;
  if (showsReminder) return null;

  if (closed !== 'stopped' && showsStoppedAlert(user, stoppedDismissedAt)) {
    return (
      <StoppedAlert
        user={user}
        onDismiss={() => {
          setClosed('stopped');
          dismiss('disabled-notifications-alert');
        }}
      />
    );
  }
  const isOffered = offersPush(user, push.state, pushDismissedAt);
  if (isOffered && !isPushOffered) setPushOffered(true);
  if (closed !== 'push' && (isOffered || (isPushOffered && push.state === 'subscribed'))) {
    return (
      <PushAlert
        onDismiss={() => {
          setClosed('push');
          dismiss('push-notification-alert');
        }}
      />
    );
  }
  return null;
}
