'use client';

import { useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useApi } from '@/lib/api/api-context';
import { useUser } from '@/lib/api/hooks';
import { queryKeys } from '@/lib/api/keys';
import { dismissPushOffer } from '@/lib/api/push';
import type { User } from '@/lib/shared/schemas/user';
import { isNotificationEnabled, NOTIFICATION_KINDS } from '@/lib/shared/values/notifications';
import { usePushState, type PushState } from '../push/use-push-state';
import { BellIcon } from './notification-icons';

const NOTIFICATIONS_PAGE = '/notifications';

/**
 * Whether to suggest push on this device: a confirmed member who has not closed the suggestion (on any
 * device), a device that can but is not subscribed, and some kind still wanted by push.
 */
export function offersPush(user: User, state: PushState): boolean {
  return (
    user.status === 'confirmed' &&
    state === 'not-subscribed' &&
    user.push_offer_dismissed_at === null &&
    NOTIFICATION_KINDS.some((kind) => isNotificationEnabled(user.notifications_disabled, 'push', kind))
  );
}

/** Closes the suggestion at once and remembers it for the member (every device), not only here. */
function useDismissPushOffer(): () => void {
  const api = useApi();
  const queryClient = useQueryClient();
  return () => {
    const at = new Date().toISOString();
    queryClient.setQueryData<User | null>(queryKeys.user, (user) =>
      user ? { ...user, push_offer_dismissed_at: user.push_offer_dismissed_at ?? at } : user,
    );
    // A failed save only means the suggestion may come back on the next visit.
    dismissPushOffer(api).catch(() => undefined);
  };
}

/**
 * The suggestion to turn on push notifications (spec §4 "Push"), where it matters: below the member's
 * conversations and likes, once there is one (`isDue`), never above a page's content. It appears under
 * what is already shown, so nothing moves; once push is on it says so until closed.
 */
export function PushSuggestion(props: { isDue: boolean }) {
  const t = useTranslations('NotificationAlerts');
  const headingId = useId();
  const { data: user } = useUser();
  const push = usePushState();
  const dismiss = useDismissPushOffer();
  const [hasTried, setTried] = useState(false);
  // The suggestion stays (as its "on" confirmation) once taken, until closed.
  const [wasOffered, setOffered] = useState(false);
  const [isClosed, setClosed] = useState(false);

  if (!user || !props.isDue || isClosed) return null;
  const isOffered = offersPush(user, push.state);
  if (isOffered && !wasOffered) setOffered(true);
  const close = () => {
    setClosed(true);
    dismiss();
  };

  if (wasOffered && push.state === 'subscribed') {
    return (
      <div className="alert alert-success alert-dismissible member-alert push-suggestion" role="status">
        <p className="mb-2">{t('pushDone')}</p>
        <Link href={NOTIFICATIONS_PAGE} className="btn btn-sm btn-outline-dark">
          {t('pushChoose')}
        </Link>
        <button type="button" className="btn-close" aria-label={t('pushDismiss')} onClick={close} />
      </div>
    );
  }
  if (!isOffered) return null;
  return (
    <section
      className="alert alert-info alert-dismissible member-alert member-alert-push push-suggestion"
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
      <button type="button" className="btn-close" aria-label={t('pushDismiss')} onClick={close} />
    </section>
  );
}
