'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { useApi } from '@/lib/api/api-context';
import { readApiFailure } from '@/lib/api/auth';
import { likeListQuery, useLikes } from '@/lib/api/likes';
import type { LikeCard } from '@/lib/shared/schemas/likes';
import { LIKE_LIST_TYPES, type LikeListType } from '@/lib/shared/values/likes';
import { useNearEnd } from '../hooks/use-near-end';
import { MemberCard, MemberCardSkeleton } from '../members/member-card';
import { PushSuggestion } from '../notifications/push-suggestion';
import { SwipeGameLink } from '../swipe/swipe-game-link';
import { CardLikeButton } from './card-like-button';

/** The tabs: received (with the new ones counted), sent, matches; each its own address. */
function Tabs(props: { current: LikeListType }) {
  const t = useTranslations('Likes');
  const { data: likes } = useLikes();
  const fresh = likes?.num_new_likes ?? 0;
  return (
    <nav aria-label={t('tabsLabel')} className="likes-tabs">
      {LIKE_LIST_TYPES.map((type) => (
        <Link
          key={type}
          href={`/likes/${type}`}
          className="likes-tab"
          aria-current={props.current === type ? 'page' : undefined}
          prefetch={false}
        >
          {t(`tab.${type}`)}
          {type === 'received' && fresh > 0 ? (
            <span className="badge rounded-pill badge-unread ms-2">
              <span aria-hidden="true">{fresh}</span>
              <span className="visually-hidden">{t('newCount', { count: fresh })}</span>
            </span>
          ) : null}
        </Link>
      ))}
    </nav>
  );
}

/** One member of a list: the card, marked when the like is new or a match. */
function LikeItem(props: { card: LikeCard; isAboveFold: boolean }) {
  const t = useTranslations('Likes');
  const { card } = props;
  return (
    <li className="like-item">
      <MemberCard
        card={card}
        isAboveFold={props.isAboveFold}
        href={card.match ? `/likes/m/${card.id}` : undefined}
        action={<CardLikeButton member={card} />}
      />
      {card.like_new ? <span className="like-flag like-flag-new">{t('new')}</span> : null}
      {card.match ? <span className="like-flag like-flag-match">{t('match')}</span> : null}
    </li>
  );
}

/** What an empty tab says, and where to go instead. */
function EmptyTab(props: { type: LikeListType }) {
  const t = useTranslations('Likes');
  return (
    <div className="empty-state">
      <span className="empty-state-icon" aria-hidden="true">
        ♥
      </span>
      <p className="empty-state-title">{t(`empty.${props.type}.title`)}</p>
      <p>{t(`empty.${props.type}.text`)}</p>
      <Link href="/members" className="btn btn-primary">
        {t('findPeople')}
      </Link>
    </div>
  );
}

/**
 * `/likes` and `/likes/{type}`: who liked the member (new ones first and marked), whom the member
 * liked, and the matches, as photo cards that load page by page.
 */
export function LikesOverview(props: { type: LikeListType }) {
  const t = useTranslations('Likes');
  const tErrors = useTranslations('Errors');
  const api = useApi();
  const list = useInfiniteQuery(likeListQuery(api, props.type));
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const sentinel = useNearEnd<HTMLDivElement>(loadMore);
  const cards = list.data?.pages.flatMap((page) => page.page.results) ?? [];
  const failure = list.error ? (readApiFailure(list.error).message ?? tErrors('internal_error')) : null;

  return (
    <div className="likes-overview">
      <div className="likes-header">
        <h1 className="mb-0">{t('title')}</h1>
        <SwipeGameLink />
      </div>
      <Tabs current={props.type} />
      <section aria-labelledby="likes-list-title" aria-busy={list.isFetching}>
        <h2 id="likes-list-title" className="visually-hidden">
          {t(`tab.${props.type}`)}
        </h2>
        {list.isPending ? (
          <ul className="member-grid list-unstyled" aria-hidden="true">
            {Array.from({ length: 8 }, (_, i) => (
              <li key={i}>
                <MemberCardSkeleton />
              </li>
            ))}
          </ul>
        ) : null}
        {list.isError && !list.data ? (
          <div className="empty-state" role="alert">
            <p className="empty-state-title">{t('loadFailed')}</p>
            <p>{failure}</p>
            <button type="button" className="btn btn-primary" onClick={() => void list.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : null}
        {list.data && cards.length === 0 ? <EmptyTab type={props.type} /> : null}
        {cards.length ? (
          <ul className="member-grid list-unstyled">
            {cards.map((card, index) => (
              <LikeItem key={card.id} card={card} isAboveFold={index < 4} />
            ))}
          </ul>
        ) : null}
        <div ref={sentinel} />
        {isFetchNextPageError ? (
          <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
            <span>{failure}</span>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={() => void fetchNextPage()}
            >
              {t('retry')}
            </button>
          </div>
        ) : null}
        {isFetchingNextPage ? (
          <p className="text-body-secondary text-center my-3" role="status">
            {t('loading')}
          </p>
        ) : null}
        {hasNextPage && !isFetchingNextPage && !isFetchNextPageError ? (
          <div className="text-center my-3">
            <button type="button" className="btn btn-outline-secondary" onClick={loadMore}>
              {t('loadMore')}
            </button>
          </div>
        ) : null}
      </section>
      {/* Below the likes once there is one, so it never moves them. */}
      <PushSuggestion isDue={cards.length > 0} />
    </div>
  );
}
