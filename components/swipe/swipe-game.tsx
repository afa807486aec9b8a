'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { useCacheUpdates } from '@/lib/api/cache-updates';
import { useSettings, useUser } from '@/lib/api/hooks';
import { useSwipe, useSwipeStack } from '@/lib/api/swipe';
import type { MemberCard } from '@/lib/shared/schemas/members';
import { SWIPE_LIKES_PER_DAY, SWIPE_REFILL_BELOW, type SwipeAction } from '@/lib/shared/values/swipe';
import { useMediaQuery } from '../hooks/use-media-query';
import { HeartGlyph } from '../likes/heart-glyph';
import { MatchDialog } from '../likes/match-dialog';
import { FlyingCard, TopCard, WaitingCard, type Release } from './swipe-card';
import { SwipeDone } from './swipe-done';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
/** Cards drawn in the stack: the top one and two waiting below it. */
const CARDS_SHOWN = 3;

interface Flight {
  card: MemberCard;
  action: SwipeAction;
  from: Release;
}

/** Today's likes: hearts to spend and the words for them, or "unlimited" for premium members. */
function LikesCounter(props: { likesLeft: number | null }) {
  const t = useTranslations('SwipeGame');
  if (props.likesLeft === null) {
    return (
      <p className="swipe-counter">
        <span className="swipe-counter-infinity" aria-hidden="true">
          ∞
        </span>
        {t('unlimited')}
      </p>
    );
  }
  const left = props.likesLeft;
  return (
    <p className="swipe-counter">
      <span className="swipe-counter-hearts" aria-hidden="true">
        {Array.from({ length: SWIPE_LIKES_PER_DAY }, (_, i) => (
          <span key={i} className={i < left ? 'is-left' : 'is-used'}>
            <HeartGlyph filled={i < left} size={14} />
          </span>
        ))}
      </span>
      {t('likesLeft', { count: left })}
    </p>
  );
}

function PassGlyph() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}

/** The cards in play: every page's members once each, in the order they came, minus those played. */
function useDeck(pages: { profiles: MemberCard[] }[], played: ReadonlySet<number>): MemberCard[] {
  return useMemo(() => {
    const seen = new Set<number>();
    const deck: MemberCard[] = [];
    for (const card of pages.flatMap((page) => page.profiles)) {
      if (seen.has(card.id) || played.has(card.id)) continue;
      seen.add(card.id);
      deck.push(card);
    }
    return deck;
  }, [pages, played]);
}

/**
 * `/swipe-game`: a stack of people who fit the member, liked with a swipe to the right and passed
 * to the left — by touch, mouse, the arrow keys or the two buttons (which is all a screen reader
 * needs). A like is a normal like and may make a match; free members have SWIPE_LIKES_PER_DAY a day
 * and then meet a friendly stop until midnight. The stack tops itself up as it runs low.
 */
export function SwipeGame() {
  const t = useTranslations('SwipeGame');
  const tErrors = useTranslations('Errors');
  const tNav = useTranslations('Nav');
  const { data: user } = useUser();
  const { data: settings } = useSettings();
  const stack = useSwipeStack();
  const swipe = useSwipe();
  const updates = useCacheUpdates();
  const isReducedMotion = useMediaQuery(REDUCED_MOTION);
  const [played, setPlayed] = useState<ReadonlySet<number>>(() => new Set());
  const [flights, setFlights] = useState<Flight[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [matched, setMatched] = useState<MemberCard | null>(null);

  const pages = useMemo(() => stack.data?.pages ?? [], [stack.data]);
  const deck = useDeck(pages, played);
  const latest = pages.at(-1);
  const likesLeft = latest ? latest.likes_left : null;
  const isUsedUp = likesLeft === 0;
  const top = deck[0];
  const cdnPrefix = settings?.cdn_prefix;

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = stack;
  useEffect(() => {
    if (deck.length < SWIPE_REFILL_BELOW && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) {
      void fetchNextPage();
    }
  }, [deck.length, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const play = useCallback(
    (card: MemberCard, action: SwipeAction, from: Release = { x: 0, y: 0 }) => {
      setPlayed((current) => new Set(current).add(card.id));
      if (!isReducedMotion) setFlights((current) => [...current, { card, action, from }]);
      setAnnouncement(t(action === 'like' ? 'likedName' : 'passedName', { name: card.name }));
      setFailure(null);
      swipe.mutateAsync({ member: card.id, action }).then(
        (answer) => {
          if (answer.match) setMatched(card);
        },
        (error: unknown) => {
          const refusal = readApiFailure(error);
          setFailure(refusal.message ?? tErrors('internal_error'));
          // The card comes back on top, unless the member is no longer there to be swiped.
          if (refusal.status !== 404) {
            setPlayed((current) => {
              const next = new Set(current);
              next.delete(card.id);
              return next;
            });
          }
        },
      );
    },
    [isReducedMotion, swipe, t, tErrors],
  );

  const canLike = top !== undefined && !isUsedUp;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!top || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowRight' && canLike) {
      event.preventDefault();
      play(top, 'like');
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      play(top, 'pass');
    }
  };
  const onNewDay = useCallback(() => updates.swipeStackStale(), [updates]);
  useEffect(() => () => updates.swipeGameLeft(), [updates]);

  let body;
  if (stack.isPending) {
    body = (
      <div className="swipe-stack" aria-busy="true">
        <div className="swipe-card swipe-card-skeleton skeleton" aria-hidden="true" />
        <p className="visually-hidden" role="status">
          {t('loading')}
        </p>
      </div>
    );
  } else if (stack.isError && !stack.data) {
    body = (
      <div className="empty-state" role="alert">
        <p className="empty-state-title">{t('loadFailed')}</p>
        <p>{readApiFailure(stack.error).message ?? tErrors('internal_error')}</p>
        <button type="button" className="btn btn-primary" onClick={() => void stack.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  } else if (isUsedUp && latest) {
    body = <SwipeDone resetsAt={latest.resets_at} hasFocus={played.size > 0} onNewDay={onNewDay} />;
  } else if (!top) {
    body = isFetchingNextPage ? (
      <div className="swipe-stack" aria-busy="true">
        <div className="swipe-card swipe-card-skeleton skeleton" aria-hidden="true" />
        <p className="visually-hidden" role="status">
          {t('loading')}
        </p>
      </div>
    ) : (
      <div className="empty-state swipe-empty">
        <span className="empty-state-icon" aria-hidden="true">
          ♥
        </span>
        <h2 className="empty-state-title">{t('emptyTitle')}</h2>
        <p>{t('emptyText')}</p>
        <Link href="/members" className="btn btn-primary">
          {tNav('searchMembers')}
        </Link>
      </div>
    );
  } else {
    const waiting = deck.slice(1, CARDS_SHOWN);
    body = (
      <>
        <section
          className="swipe-stack"
          aria-label={t('stackLabel')}
          // The stack is the game's keyboard control: focused, the arrow keys play the top card.
          tabIndex={0}
          onKeyDown={onKeyDown}
        >
          {waiting
            .map((card, i) => <WaitingCard key={card.id} card={card} cdnPrefix={cdnPrefix} depth={i + 1} />)
            .reverse()}
          <TopCard
            key={top.id}
            card={top}
            cdnPrefix={cdnPrefix}
            isReducedMotion={isReducedMotion}
            onSwipe={(action, release) => {
              if (action === 'like' && !canLike) return;
              play(top, action, release);
            }}
          />
          {flights.map((flight) => (
            <FlyingCard
              key={`flight-${flight.card.id}`}
              card={flight.card}
              cdnPrefix={cdnPrefix}
              action={flight.action}
              from={flight.from}
              onGone={() => setFlights((current) => current.filter((f) => f !== flight))}
            />
          ))}
        </section>
        <div className="swipe-actions">
          <button
            type="button"
            className="swipe-button swipe-button-pass"
            aria-label={t('passName', { name: top.name })}
            onClick={() => play(top, 'pass')}
          >
            <PassGlyph />
          </button>
          <button
            type="button"
            className="swipe-button swipe-button-like"
            aria-label={t('likeName', { name: top.name })}
            disabled={!canLike}
            onClick={() => play(top, 'like')}
          >
            <HeartGlyph filled size={30} />
          </button>
        </div>
        <p className="swipe-key-hint">{t('keyHint')}</p>
      </>
    );
  }

  return (
    <div className="swipe-game">
      <header className="swipe-header">
        <div>
          <h1 className="swipe-title">{t('title')}</h1>
          <p className="swipe-intro">{t('intro')}</p>
        </div>
        {latest ? <LikesCounter likesLeft={likesLeft} /> : null}
      </header>
      {body}
      <div className="visually-hidden" aria-live="polite" role="status">
        {announcement}
      </div>
      {failure ? (
        <div className="alert alert-danger mt-3 mb-0 py-2" role="alert">
          {failure}
        </div>
      ) : null}
      {matched && user && settings ? (
        <MatchDialog
          viewer={{ name: user.profile.name, image: user.profile.main_image }}
          member={{ name: matched.name, image: matched.main_image }}
          cdnPrefix={settings.cdn_prefix}
          onClose={() => setMatched(null)}
        />
      ) : null}
    </div>
  );
}
