'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { readApiFailure } from '@/lib/api/auth';
import { useLikes } from '@/lib/api/likes';
import { useSignupMatches } from '@/lib/api/match-finder';
import { AFTER_SIGNUP_MATCHES_PATH } from '@/lib/shared/values/match-finder';
import { MatchGrid, MatchGridSkeleton, MatchListStates } from './match-results';

/**
 * `/signup-matches`, right after signup: members who fit what the new member answered, each liked
 * with one tap (the like says it came from here), and the way on to the search.
 */
export function SignupMatches() {
  const t = useTranslations('SignupMatches');
  const tErrors = useTranslations('Errors');
  const list = useSignupMatches();
  const { data: likes } = useLikes();
  const cards = list.data?.profiles ?? [];
  const shown = new Set(cards.map((card) => card.id));
  const liked = likes?.profiles.filter((p) => shown.has(p.id)).length ?? 0;
  const failure = list.error ? (readApiFailure(list.error).message ?? tErrors('internal_error')) : null;

  return (
    <div className="signup-matches">
      <header className="finder-header">
        <h1 className="finder-title">{t('title')}</h1>
        <p className="finder-intro">{t('intro')}</p>
      </header>
      <section aria-labelledby="signup-matches-list" aria-busy={list.isFetching}>
        <h2 id="signup-matches-list" className="visually-hidden">
          {t('listTitle')}
        </h2>
        {list.isPending ? <MatchGridSkeleton count={6} /> : null}
        <MatchListStates
          failure={list.isError && !list.data ? failure : null}
          isEmpty={Boolean(list.data) && cards.length === 0}
          onRetry={() => void list.refetch()}
          texts={{
            loadFailed: t('loadFailed'),
            retry: t('retry'),
            emptyTitle: t('emptyTitle'),
            emptyText: t('emptyText'),
          }}
        />
        {cards.length ? <MatchGrid cards={cards} source="signup" labelledBy="signup-matches-list" /> : null}
      </section>
      <div className="signup-matches-bar">
        <p className="signup-matches-count mb-0" role="status">
          {cards.length ? t('likedCount', { count: liked }) : ''}
        </p>
        <Link href={AFTER_SIGNUP_MATCHES_PATH} className="btn btn-primary btn-lg" prefetch={false}>
          {t('continueToSearch')}
        </Link>
      </div>
    </div>
  );
}
