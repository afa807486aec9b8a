'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useInstallPrompt } from '../install-app/use-install-prompt';
import { usePushState, type PushState } from '../push/use-push-state';
import { BellIcon } from './notification-icons';

const BADGES = {
  subscribed: 'pushOn',
  'not-subscribed': 'pushOff',
  denied: 'pushBlocked',
  unsupported: 'pushUnavailable',
} as const satisfies Record<Exclude<PushState, 'loading'>, string>;

/**
 * This device's push notifications (spec §4): on, off, blocked in the browser or not possible here,
 * with the button that turns them on or off, and how to get them where the browser stands in the way.
 */
export function PushPanel() {
  const t = useTranslations('NotificationSettings');
  const headingId = useId();
  const push = usePushState();
  const { isIosManual } = useInstallPrompt();
  const { state } = push;

  const text =
    state === 'loading'
      ? t('pushChecking')
      : state === 'subscribed'
        ? t('pushSubscribed')
        : state === 'not-subscribed'
          ? t('pushNotSubscribed')
          : state === 'denied'
            ? t('pushDenied')
            : isIosManual
              ? t('pushIos')
              : t('pushUnsupported');

  return (
    <section className={`card notif-push is-${state}`} aria-labelledby={headingId} aria-busy={push.isBusy}>
      <div className="notif-push-body">
        <span className="notif-push-icon">
          <BellIcon />
        </span>
        <div className="notif-push-content">
          <div className="notif-push-head">
            <h2 id={headingId} className="notif-push-title">
              {t('pushTitle')}
            </h2>
            {state === 'loading' ? null : (
              <span className={`notif-push-badge is-${state}`}>{t(BADGES[state])}</span>
            )}
          </div>
          <p className="notif-push-text">{text}</p>
          {state === 'not-subscribed' ? (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={push.isBusy}
              onClick={() => void push.subscribe()}
            >
              {t('pushTurnOn')}
            </button>
          ) : null}
          {state === 'subscribed' ? (
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              disabled={push.isBusy}
              onClick={() => void push.unsubscribe()}
            >
              {t('pushTurnOff')}
            </button>
          ) : null}
          {push.error && !push.isBusy ? (
            <p className="notif-push-error" role="alert">
              {t('pushFailed')}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
