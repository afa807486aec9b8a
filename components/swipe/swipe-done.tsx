'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { hasFeaturePage } from '@/lib/shared/feature-pages';
import { SWIPE_LIKES_PER_DAY } from '@/lib/shared/values/swipe';

/** The time now to the second, ticking once a second; null while rendering on the server. */
function useSecondClock(): number | null {
  return useSyncExternalStore(
    (onTick) => {
      const timer = setInterval(onTick, 1_000);
      return () => clearInterval(timer);
    },
    () => Math.floor(Date.now() / 1_000) * 1_000,
    () => null,
  );
}

/** A time span as a clock: 5:03:09. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1_000));
  const hours = Math.floor(total / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const seconds = total % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/**
 * The friendly stop once a free member has used today's likes: when new ones come (a countdown to
 * midnight in their country), what premium would give them, and where to go meanwhile. The
 * premium offer links to its page only once that page exists.
 */
export function SwipeDone(props: { resetsAt: string; hasFocus: boolean; onNewDay: () => void }) {
  const t = useTranslations('SwipeGame');
  const tNav = useTranslations('Nav');
  const now = useSecondClock();
  const title = useRef<HTMLHeadingElement>(null);
  const { hasFocus, onNewDay } = props;
  const left = now === null ? null : Date.parse(props.resetsAt) - now;
  const isNewDay = left !== null && left <= 0;

  useEffect(() => {
    // The stack the member was playing is gone: their focus moves to what replaced it.
    if (hasFocus) title.current?.focus();
  }, [hasFocus]);
  useEffect(() => {
    if (isNewDay) onNewDay();
  }, [isNewDay, onNewDay]);

  return (
    <section className="swipe-done" aria-labelledby="swipe-done-title">
      <span className="swipe-done-icon" aria-hidden="true">
        ♥
      </span>
      <h2 id="swipe-done-title" className="swipe-done-title" tabIndex={-1} ref={title}>
        {t('doneTitle')}
      </h2>
      <p className="mb-2">{t('doneText', { count: SWIPE_LIKES_PER_DAY })}</p>
      {left !== null ? (
        <p className="swipe-countdown">{t('resetsIn', { countdown: formatCountdown(left) })}</p>
      ) : null}
      <div className="swipe-premium">
        <p className="swipe-premium-title">{t('premiumTitle')}</p>
        <p className="mb-1">{t('premiumText')}</p>
        <p className="swipe-premium-claim mb-0">{t('premiumClaim')}</p>
        {hasFeaturePage('/premium') ? (
          <Link href="/premium" className="btn btn-primary mt-3">
            {tNav('getPremium')}
          </Link>
        ) : null}
      </div>
      <Link href="/members" className="btn btn-outline-secondary mt-3">
        {tNav('searchMembers')}
      </Link>
    </section>
  );
}
