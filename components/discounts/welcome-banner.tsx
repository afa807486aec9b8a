'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { usePageHolesPending } from '../providers/page-holes';
import { useActiveDiscount, useActiveDiscountCountdown } from './use-active-discount';

/**
 * The top banner of a member who has not paid (spec §2 "Welcome banner"): the star-framed welcome
 * discount and the time it has left in hours:minutes:seconds, leading to the credits.
 */
export function WelcomeBanner() {
  const t = useTranslations('TimeBonus');
  const active = useActiveDiscount();
  const countdown = useActiveDiscountCountdown();
  // A page rendered once for the member's class knows the discount, not yet its time left.
  const isTimeUnknown = usePageHolesPending();
  if (!active) return null;
  const time = isTimeUnknown
    ? '--:--:--'
    : countdown
      ? `${countdown.hours}:${countdown.minutes}:${countdown.seconds}`
      : null;
  return (
    <aside className="welcome-banner" aria-label={t('bannerText', { percentage: active.percentage })}>
      <Link href="/credits" className="welcome-banner-link" prefetch={false} data-testid="welcome-banner">
        <span className="welcome-banner-offer">
          <span className="welcome-banner-star" aria-hidden="true">
            ★
          </span>
          <span>{t('bannerText', { percentage: active.percentage })}</span>
          <span className="welcome-banner-star" aria-hidden="true">
            ★
          </span>
        </span>
        {time && (
          <span className="welcome-banner-time">
            <span className="welcome-banner-ends">{t('bannerEnds')}</span>{' '}
            {/* The clock moves on between the server's render and the browser's: the text may differ. */}
            <span
              role="timer"
              className="welcome-banner-clock"
              data-testid="welcome-banner-countdown"
              suppressHydrationWarning
            >
              {time}
            </span>
          </span>
        )}
      </Link>
    </aside>
  );
}
