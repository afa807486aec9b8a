'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useSettings, useUser } from '@/lib/api/hooks';
import type { MemberCard as Card } from '@/lib/shared/schemas/members';
import { imageUrl, useCountryName } from '../profile/labels';
import { VerifiedBadge } from '../verification/verified-badge';
import { FictionalMark } from './fictional-mark';

/** Where a member lives, most precise first: "Haarlem, Noord-Holland, Netherlands". */
export function useLocationText(): (card: Pick<Card, 'city' | 'region' | 'country'>) => string {
  const countryName = useCountryName();
  return (card) => [card.city, card.region, countryName(card.country)].filter(Boolean).join(', ');
}

/** A placeholder for a member without a photo: their initial on a soft background. */
export function PhotoPlaceholder(props: { name: string; className?: string }) {
  return (
    <div className={`member-photo-placeholder ${props.className ?? ''}`} aria-hidden="true">
      {props.name.slice(0, 1).toUpperCase()}
    </div>
  );
}

/**
 * One member in a result grid, photo first: a 3:4 photo with the name and age over it (the name
 * gives way before the age does), the town below, the online dot, the verified badge and the
 * fictional mark. Photos
 * of cards on the first screen load at once, the rest as they near it. `action` sits on the photo
 * beside the link (the like heart).
 */
export function MemberCard(props: {
  card: Card;
  isAboveFold?: boolean;
  action?: ReactNode;
  /** Where the card leads; the member's page unless said. */
  href?: string;
}) {
  const { card } = props;
  const t = useTranslations('Members');
  const tBadge = useTranslations('VerifiedBadge');
  const { data: settings } = useSettings();
  const { data: user } = useUser();
  const place = card.city ?? card.region ?? '';
  const location = useLocationText()(card);
  return (
    <article className="member-card">
      <Link href={props.href ?? `/members/${card.id}`} className="member-card-link" prefetch={false}>
        <span className="member-card-photo">
          {card.main_image && settings ? (
            // eslint-disable-next-line @next/next/no-img-element -- photos come from the CDN, sized already
            <img
              src={imageUrl(settings.cdn_prefix, card.main_image.thumb_filename)}
              alt=""
              loading={props.isAboveFold ? 'eager' : 'lazy'}
              fetchPriority={props.isAboveFold ? 'high' : undefined}
              width={320}
              height={320}
            />
          ) : (
            <PhotoPlaceholder name={card.name} />
          )}
        </span>
        <span className="member-card-text">
          {/* Named as one phrase: the name and age sit in separate boxes so the age is never cut. */}
          <h3
            className="member-card-name"
            aria-label={[
              card.online ? `${t('online')}: ${card.name}, ${card.age}` : `${card.name}, ${card.age}`,
              card.verified ? `(${tBadge('label')})` : null,
              card.fictional && (!user || user.fictional_icon) ? settings?.fictional_singular : null,
            ]
              .filter(Boolean)
              .join(' ')}
          >
            {card.online && (
              <span className="member-online-dot" title={t('online')}>
                <span className="visually-hidden">{t('online')}: </span>
              </span>
            )}
            <span className="member-card-given">{card.name}</span>
            <span className="member-card-age">, {card.age}</span>
            {card.verified && <VerifiedBadge />}
            {card.fictional && <FictionalMark className="ms-1" />}
          </h3>
          <span className="member-card-place" title={location}>
            <span className="visually-hidden">{location}</span>
            <span aria-hidden="true">{place || location}</span>
          </span>
        </span>
      </Link>
      {props.action}
    </article>
  );
}

/** A card's shape while results load: the same size, so nothing moves when they arrive. */
export function MemberCardSkeleton() {
  return (
    <div className="member-card member-card-skeleton" aria-hidden="true">
      <span className="member-card-photo skeleton" />
    </div>
  );
}
