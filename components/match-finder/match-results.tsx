'use client';

import { useTranslations } from 'next-intl';
import type { MatchCard } from '@/lib/shared/schemas/match-finder';
import type { LikeRequestSource } from '@/lib/shared/schemas/likes';
import { CardLikeButton } from '../likes/card-like-button';
import { MemberCard, MemberCardSkeleton } from '../members/member-card';

/** Why a member fits, as chips under the card: shared interests, distance, online now. */
export function MatchReasons(props: { card: MatchCard }) {
  const t = useTranslations('MatchFinder');
  const { reasons } = props.card;
  const chips: { key: string; text: string; tone: string }[] = [];
  if (reasons.shared_interests > 0)
    chips.push({
      key: 'interests',
      text: t('sharedInterests', { count: reasons.shared_interests }),
      tone: 'interests',
    });
  if (reasons.distance_km !== null)
    chips.push({ key: 'distance', text: t('kmAway', { km: reasons.distance_km }), tone: 'distance' });
  if (reasons.online) chips.push({ key: 'online', text: t('onlineNow'), tone: 'online' });
  if (!chips.length) return null;
  return (
    <ul className="match-reasons list-unstyled" aria-label={t('reasons', { name: props.card.name })}>
      {chips.map((chip) => (
        <li key={chip.key} className={`match-reason match-reason-${chip.tone}`}>
          {chip.text}
        </li>
      ))}
    </ul>
  );
}

/** A ranked list of members: the card with its heart, and why each fits. */
export function MatchGrid(props: { cards: MatchCard[]; source?: LikeRequestSource; labelledBy: string }) {
  return (
    <ol className="member-grid match-grid list-unstyled" aria-labelledby={props.labelledBy}>
      {props.cards.map((card, index) => (
        <li key={card.id} className="match-item">
          <MemberCard
            card={card}
            isAboveFold={index < 4}
            action={<CardLikeButton member={card} source={props.source} />}
          />
          <MatchReasons card={card} />
        </li>
      ))}
    </ol>
  );
}

/** The list's shape while it loads. */
export function MatchGridSkeleton(props: { count: number }) {
  return (
    <ul className="member-grid match-grid list-unstyled" aria-hidden="true">
      {Array.from({ length: props.count }, (_, i) => (
        <li key={i} className="match-item">
          <MemberCardSkeleton />
          <span className="match-reasons-skeleton skeleton" />
        </li>
      ))}
    </ul>
  );
}

/**
 * What a list of matches says when it could not load (with a retry) or found nobody; the texts are
 * the page's own.
 */
export function MatchListStates(props: {
  failure: string | null;
  isEmpty: boolean;
  onRetry: () => void;
  texts: { loadFailed: string; retry: string; emptyTitle: string; emptyText: string };
}) {
  const { texts } = props;
  if (props.failure !== null) {
    return (
      <div className="empty-state" role="alert">
        <p className="empty-state-title">{texts.loadFailed}</p>
        <p>{props.failure}</p>
        <button type="button" className="btn btn-primary" onClick={props.onRetry}>
          {texts.retry}
        </button>
      </div>
    );
  }
  if (!props.isEmpty) return null;
  return (
    <div className="empty-state">
      <span className="empty-state-icon" aria-hidden="true">
        ♥
      </span>
      <p className="empty-state-title">{texts.emptyTitle}</p>
      <p>{texts.emptyText}</p>
    </div>
  );
}
