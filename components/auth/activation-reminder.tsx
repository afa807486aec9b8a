'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { Suspense, useState } from 'react';
import { useUser } from '@/lib/api/hooks';
import type { User } from '@/lib/shared/schemas/user';
import { dismiss, useDismissedAt, type DismissalFlag } from '../hooks/dismissals';
import { useMediaQuery } from '@/components/hooks/use-media-query';
import { ResendActivation } from './resend-activation';

// The dialog (and react-bootstrap's Modal) loads only for the few who see it.
const ActivationReminderDialog = dynamic(() => import('./activation-reminder-dialog'), { ssr: false });

/** localStorage key of the reminder's dismissal; the value is the time of dismissal (ms). */
export const REMINDER_DISMISSAL_KEY: DismissalFlag = 'enrich-alert';
/** Query flag set after a signup: on a smartphone the reminder then shows as a dialog. */
export const SIGNUP_COMPLETE_QUERY = 'api_signup_complete';
const SMARTPHONE_MEDIA = '(max-width: 767.98px)';
/**
 * Pages that deal with the account themselves (spec §4), plus the complete step's own page and the
 * signup matches right after it, which come just after the step that asked to confirm the address.
 */
const HIDDEN_ON = ['/signup', '/complete-signup', '/signup-matches', '/settings', '/notifications'];

/** A new member who has not confirmed the address, whose profile is still off and mails are on. */
export function needsActivationReminder(user: User | null | undefined): boolean {
  return (
    user?.status === 'not_confirmed' &&
    user.profile.status === 'disabled' &&
    user.notifications_disabled.length === 0
  );
}

export const isReminderHiddenOn = (pathname: string) =>
  HIDDEN_ON.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/** Remembers that the reminder was dismissed, with the time, so it stays away afterwards. */
export function dismissActivationReminder(now = Date.now()): void {
  dismiss(REMINDER_DISMISSAL_KEY, now);
}

/**
 * The activation reminder (spec §4), above the page: a dismissible alert, or a dialog on a smartphone
 * right after signup (`?api_signup_complete`), with a button that sends the confirmation mail again.
 */
export function ActivationReminder() {
  return (
    <Suspense fallback={null}>
      <Reminder />
    </Suspense>
  );
}

function Reminder() {
  const t = useTranslations('ActivationReminder');
  const { data: user } = useUser();
  const pathname = usePathname() ?? '';
  const query = useSearchParams() ?? new URLSearchParams();
  const isSmartphone = useMediaQuery(SMARTPHONE_MEDIA);
  // Undefined until hydrated: the server cannot know about the dismissal.
  const dismissedAt = useDismissedAt(REMINDER_DISMISSAL_KEY);
  const [isDialogClosed, setDialogClosed] = useState(false);
  const [isDismissedHere, setDismissedHere] = useState(false);

  if (!needsActivationReminder(user) || isReminderHiddenOn(pathname) || dismissedAt === undefined)
    return null;

  if (query.has(SIGNUP_COMPLETE_QUERY) && isSmartphone) {
    return <ActivationReminderDialog show={!isDialogClosed} onClose={() => setDialogClosed(true)} />;
  }

  if (dismissedAt !== null || isDismissedHere) return null;
  return (
    <section
      className="alert alert-warning alert-dismissible mb-4"
      aria-labelledby="activation-reminder-title"
    >
      <h2 id="activation-reminder-title" className="h6 alert-heading">
        {t('title')}
      </h2>
      <p>{t('body')}</p>
      <ResendActivation buttonClassName="btn btn-sm btn-outline-dark" />
      <button
        type="button"
        className="btn-close"
        aria-label={t('dismiss')}
        onClick={() => {
          setDismissedHere(true);
          dismissActivationReminder();
        }}
      />
    </section>
  );
}
