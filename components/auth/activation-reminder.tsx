'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import Modal from 'react-bootstrap/Modal';
import { Suspense, useState } from 'react';
import { useUser } from '@/lib/api/hooks';
import type { User } from '@/lib/shared/schemas/user';
import { dismiss, useDismissedAt, type DismissalFlag } from '../hooks/dismissals';
import { useMediaQuery } from './hooks';
import { ResendActivation } from './resend-activation';

/** localStorage key of the reminder's dismissal; the value is the time of dismissal (ms). */
export const REMINDER_DISMISSAL_KEY: DismissalFlag = 'enrich-alert';
/** Query flag set after a signup: on a smartphone the reminder then shows as a dialog. */
export const SIGNUP_COMPLETE_QUERY = 'api_signup_complete';
const SMARTPHONE_MEDIA = '(max-width: 767.98px)';
/** Pages that deal with the account themselves (spec §4), plus the complete step's own page. */
const HIDDEN_ON = ['/signup', '/complete-signup', '/settings', '/notifications'];

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
  const tCommon = useTranslations('Common');
  const { data: user } = useUser();
  const pathname = usePathname();
  const query = useSearchParams();
  const isSmartphone = useMediaQuery(SMARTPHONE_MEDIA);
  // Undefined until hydrated: the server cannot know about the dismissal.
  const dismissedAt = useDismissedAt(REMINDER_DISMISSAL_KEY);
  const [isDialogClosed, setDialogClosed] = useState(false);
  const [isDismissedHere, setDismissedHere] = useState(false);

  if (!needsActivationReminder(user) || isReminderHiddenOn(pathname) || dismissedAt === undefined)
    return null;

  if (query.has(SIGNUP_COMPLETE_QUERY) && isSmartphone) {
    return (
      <Modal
        show={!isDialogClosed}
        onHide={() => setDialogClosed(true)}
        centered
        aria-labelledby="activation-reminder-title"
      >
        <Modal.Header closeButton closeLabel={tCommon('close')}>
          <Modal.Title as="h2" id="activation-reminder-title" className="h5">
            {t('title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t('body')}</p>
          <ResendActivation />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-primary" onClick={() => setDialogClosed(true)}>
            {t('ok')}
          </button>
        </Modal.Footer>
      </Modal>
    );
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
