'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useSettings } from '@/lib/api/hooks';
import type { MemberCard as Card } from '@/lib/shared/schemas/members';
import { imageUrl, useCountryName } from '../profile/labels';
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

/** One member in a result grid: photo, name, age, place, online dot and the fictional mark. */
export function MemberCard(props: { card: Card }) {
  const { card } = props;
  const t = useTranslations('Members');
  const { data: settings } = useSettings();
  const location = useLocationText()(card);
  return (
    <article className="card member-card h-100">
      <Link href={`/members/${card.id}`} className="stretched-link text-reset text-decoration-none">
        <div className="ratio ratio-1x1 member-card-photo">
          {card.main_image && settings ? (
            // eslint-disable-next-line @next/next/no-img-element -- photos come from the CDN, sized already
            <img
              src={imageUrl(settings.cdn_prefix, card.main_image.thumb_filename)}
              alt=""
              loading="lazy"
              width={320}
              height={320}
              className="card-img-top object-fit-cover"
            />
          ) : (
            <PhotoPlaceholder name={card.name} className="card-img-top" />
          )}
        </div>
        <div className="card-body p-2">
          <h3 className="h6 card-title mb-0 text-truncate">
            {card.online && (
              <span className="member-online-dot me-1" title={t('online')}>
                <span className="visually-hidden">{t('online')}: </span>
              </span>
            )}
            {card.name}, {card.age}
            {card.fictional && <FictionalMark className="ms-1" />}
          </h3>
          <p className="card-text small text-body-secondary text-truncate mb-0">{location}</p>
        </div>
      </Link>
    </article>
  );
}
