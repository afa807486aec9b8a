'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useUser } from '@/lib/api/hooks';
import type { User } from '@/lib/shared/schemas/user';
import {
  isReminderHiddenOn,
  needsActivationReminder,
  REMINDER_DISMISSAL_KEY,
} from '../auth/activation-reminder';
import { dismiss, useDismissedAt } from '../hooks/dismissals';
import { STOP_REASON_TEXT } from './stop-reason';

const NOTIFICATIONS_PAGE = '/notifications';

/** Whether the member should be told that e-mail notifications stopped (not again after dismissing it). */
export function showsStoppedAlert(user: User, dismissedAt: number | null): boolean {
  const stopped = user.email_notifications_stopped;
  if (!stopped) return false;
  return dismissedAt === null || dismissedAt < Date.parse(stopped.at);
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

/**
 * The members' notification alert above the page, never beside the activation reminder, which matters
 * more: that e-mail notifications stopped (spec §8). Not on the notifications page, which says it
 * itself. The suggestion to turn on push is not here: it comes below the member's conversations and
 * likes (components/notifications/push-suggestion.tsx), so it never pushes a page's content down.
 */
export function NotificationAlerts() {
  const { data: user } = useUser();
  const pathname = usePathname() ?? '';
  const reminderDismissedAt = useDismissedAt(REMINDER_DISMISSAL_KEY);
  const stoppedDismissedAt = useDismissedAt('disabled-notifications-alert');
  const [isClosed, setClosed] = useState(false);

  // Undefined until hydrated: dismissals live in the browser.
  if (!user || stoppedDismissedAt === undefined) return null;
  if (pathname === NOTIFICATIONS_PAGE || pathname.startsWith(`${NOTIFICATIONS_PAGE}/`)) return null;
  const showsReminder =
    needsActivationReminder(user) && !isReminderHiddenOn(pathname) && reminderDismissedAt === null;
  if (showsReminder || isClosed || !showsStoppedAlert(user, stoppedDismissedAt)) return null;
  return (
    <StoppedAlert
      user={user}
      onDismiss={() => {
        setClosed(true);
        dismiss('disabled-notifications-alert');
      }}
    />
  );
}
