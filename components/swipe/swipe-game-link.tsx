import Link from 'next/link';
import { useTranslations } from 'next-intl';

/** The way into the swipe game from the screens where members look for people. */
export function SwipeGameLink() {
  const t = useTranslations('Nav');
  return (
    <Link href="/swipe-game" className="swipe-link" prefetch={false}>
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect
          x="7"
          y="3"
          width="12"
          height="16"
          rx="2.5"
          fill="currentColor"
          opacity="0.55"
          transform="rotate(12 13 11)"
        />
        <rect x="4" y="5" width="12" height="16" rx="2.5" fill="currentColor" />
      </svg>
      {t('swipeGame')}
    </Link>
  );
}
