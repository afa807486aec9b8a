'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { useApi } from '@/lib/api/api-context';
import { useSettings } from '@/lib/api/hooks';
import { memberSearchQuery } from '@/lib/api/members';
import { SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE } from '@/lib/shared/values/members';
import type { MemberCard as Card } from '@/lib/shared/schemas/members';
import { FilterChips, useActiveFilters } from './filter-chips';
import { MemberCard, MemberCardSkeleton } from './member-card';
import { useNearEnd } from '../hooks/use-near-end';
import { CardLikeButton } from '../likes/card-like-button';
import { SearchFiltersForm } from './search-filters';
import { useSearchStore } from './search-store-provider';

/** Cards of all pages loaded so far, each member once (a member may move between pages). */
function uniqueCards(cards: readonly Card[]): Card[] {
  const seen = new Set<number>();
  return cards.filter((card) => !seen.has(card.id) && seen.add(card.id));
}

/** Cards that may show on a first screen (two rows on a phone): their photos load at once. */
const ABOVE_FOLD_CARDS = 4;

/** Results before the promoted row: whole rows in every layout (2, 3 or 4 cards a row). */
const RESULTS_BEFORE_PROMOTED = 12;

function ResultGrid(props: { cards: readonly Card[]; label?: string; isFirst?: boolean }) {
  return (
    <ul className="member-grid list-unstyled" aria-label={props.label}>
      {props.cards.map((card, index) => (
        <li key={card.id}>
          <MemberCard
            card={card}
            isAboveFold={props.isFirst === true && index < ABOVE_FOLD_CARDS}
            action={<CardLikeButton member={card} />}
          />
        </li>
      ))}
    </ul>
  );
}

/** Where the member was in the results when a profile was opened, by the search's filters. */
const SCROLL_KEY = 'lovelane:search-scroll';
const SCROLL_KEPT_MS = 30 * 60_000;

function saveScroll(filterKey: string) {
  try {
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ filterKey, y: window.scrollY, at: Date.now() }));
  } catch {
    // Storage may be unavailable (private mode); coming back then starts at the top.
  }
}

/** The position to come back to for these filters, once; null when there is none. */
function takeScroll(filterKey: string): number | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? 'null') as {
      filterKey: string;
      y: number;
      at: number;
    } | null;
    sessionStorage.removeItem(SCROLL_KEY);
    if (!saved || saved.filterKey !== filterKey || Date.now() - saved.at > SCROLL_KEPT_MS) return null;
    return saved.y;
  } catch {
    return null;
  }
}

/**
 * Back from a profile: the results come from the cache at once, and the page returns to where the
 * member was (the browser's own restoration does not wait for the list to be drawn).
 */
function useScrollReturn(filterKey: string, hasResults: boolean) {
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (restored.current || !hasResults) return;
    restored.current = true;
    const y = takeScroll(filterKey);
    if (y === null) return;
    window.scrollTo(0, y);
    // Once more after the router has finished its own work for this navigation.
    const frame = requestAnimationFrame(() => window.scrollTo(0, y));
    return () => cancelAnimationFrame(frame);
  }, [filterKey, hasResults]);
  return () => saveScroll(filterKey);
}

/** Phones: the filters in a sheet from the bottom of the screen (the browser's modal dialog). */
function FilterSheet(props: { title: string; onClose: () => void; children: React.ReactNode }) {
  const t = useTranslations('Common');
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="bottom-sheet"
      aria-labelledby="filter-sheet-title"
      onClose={props.onClose}
    >
      <div className="bottom-sheet-header">
        <h2 id="filter-sheet-title" className="h5 mb-0">
          {props.title}
        </h2>
        <button
          type="button"
          className="btn-close"
          aria-label={t('close')}
          onClick={() => dialog.current?.close()}
        />
      </div>
      <div className="bottom-sheet-body">{props.children}</div>
    </dialog>
  );
}

/**
 * `/members`: the filters (a side panel on desktops, a bottom sheet on phones, active ones as chips),
 * then results that accumulate page by page as the member scrolls (or presses "Show more"), and
 * similar results when few profiles match. `promoted` (the site's promoted cams, rendered on the
 * server) comes as a separate row after the first rows of results.
 */
export function MemberSearch(props: { promoted?: ReactNode }) {
  const t = useTranslations('Members');
  const tErrors = useTranslations('Errors');
  const api = useApi();
  const { data: settings } = useSettings();
  const filters = useSearchStore((s) => s.filters);
  const setFilters = useSearchStore((s) => s.setFilters);
  const clear = useSearchStore((s) => s.clear);
  const [isSheetOpen, setSheetOpen] = useState(false);
  const [isSearchingAgain, setSearchingAgain] = useState(false);
  const active = useActiveFilters(filters);
  const search = useInfiniteQuery(memberSearchQuery(api, filters));
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = search;

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  // Loads the next page when the end of the list nears the screen.
  const sentinel = useNearEnd<HTMLDivElement>(loadMore);

  const pages = search.data?.pages ?? [];
  const rememberScroll = useScrollReturn(JSON.stringify(filters), pages.length > 0);
  const first = pages[0];
  const results = uniqueCards(pages.flatMap((p) => p.page.results));
  const similar = first?.similar;
  const numResults = first?.numResults ?? 0;
  const failure = search.error ? (readApiFailure(search.error).message ?? tErrors('internal_error')) : null;
  const searchFields = settings?.search_fields ?? [];
  const countText =
    numResults >= SEARCH_COUNT_CAP
      ? t('foundMany', { count: SEARCH_COUNT_CAP })
      : t('found', { count: numResults });
  // A search asked for again with the same filters searches again: the results are fetched anew, and
  // the count and the results say so while it runs.
  const apply = (next: typeof filters) => {
    if (JSON.stringify(next) === JSON.stringify(filters)) {
      setSearchingAgain(true);
      void search.refetch().finally(() => setSearchingAgain(false));
    } else setFilters(next);
    setSheetOpen(false);
  };
  const form = (
    <SearchFiltersForm
      key={JSON.stringify(filters)}
      fields={searchFields}
      filters={filters}
      onSearch={apply}
      isSearching={isSearchingAgain}
      onReset={() => {
        clear();
        setSheetOpen(false);
      }}
    />
  );

  return (
    <div className="search-layout">
      <aside className="search-panel" aria-labelledby="search-filters-title">
        <h2 id="search-filters-title" className="h5">
          {t('filtersTitle')}
        </h2>
        {form}
      </aside>
      <section
        className={`search-results${isSearchingAgain ? ' is-searching' : ''}`}
        aria-labelledby="search-results-title"
        aria-busy={search.isFetching}

        // Opening a profile from the results remembers the place to come back to.
        onClickCapture={(event) => {
          if (event.target instanceof Element && event.target.closest('a[href^="/members/"]'))
            rememberScroll();
        }}
      >
        <div className="search-toolbar">
          <h2 id="search-results-title" className="h5 mb-0" aria-live="polite">
            {isSearchingAgain
              ? t('searching')
              : first
                ? countText
                : search.isError
                  ? t('loadFailedTitle')
                  : t('loading')}
          </h2>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm search-filters-button"
            onClick={() => setSheetOpen(true)}
          >
            {t('filtersButton')}
            {active.length ? (
              <span className="badge rounded-pill badge-unread ms-2">
                <span aria-hidden="true">{active.length}</span>
                <span className="visually-hidden">{t('filtersActive', { count: active.length })}</span>
              </span>
            ) : null}
          </button>
        </div>
        <FilterChips filters={filters} onChange={setFilters} />
        {settings && results.some((r) => r.fictional) && (
          <p className="small text-body-secondary">
            {t('fictionalNote', { plural: settings.fictional_plural })}
          </p>
        )}

        {search.isPending ? (
          <ul className="member-grid list-unstyled" aria-hidden="true">
            {Array.from({ length: SEARCH_PAGE_SIZE > 12 ? 12 : SEARCH_PAGE_SIZE }, (_, i) => (
              <li key={i}>
                <MemberCardSkeleton />
              </li>
            ))}
          </ul>
        ) : null}

        {search.isError && !first ? (
          <div className="empty-state" role="alert">
            <p className="empty-state-title">{t('loadFailedTitle')}</p>
            <p>{failure}</p>
            <button type="button" className="btn btn-primary" onClick={() => void search.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : null}

        {first && results.length === 0 ? (
          <div className="empty-state">
            <p className="empty-state-title">{t('noResultsTitle')}</p>
            <p>{t('noResults')}</p>
            {active.length ? (
              <button type="button" className="btn btn-primary" onClick={clear}>
                {t('reset')}
              </button>
            ) : null}
          </div>
        ) : null}

        {results.length ? (
          <ResultGrid
            cards={props.promoted ? results.slice(0, RESULTS_BEFORE_PROMOTED) : results}
            label={t('resultsLabel')}
            isFirst
          />
        ) : null}
        {first ? props.promoted : null}
        {props.promoted && results.length > RESULTS_BEFORE_PROMOTED ? (
          <ResultGrid cards={results.slice(RESULTS_BEFORE_PROMOTED)} />
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
            <button type="button" className="btn btn-outline-primary" onClick={loadMore}>
              {t('loadMore')}
            </button>
          </div>
        ) : null}
        {similar && similar.results.length > 0 && (
          <section className="mt-4" aria-labelledby="similar-results-title">
            <h2 id="similar-results-title" className="h5">
              {t('similarTitle')}
            </h2>
            <p className="text-body-secondary">{t('similarIntro')}</p>
            <ResultGrid cards={similar.results} />
          </section>
        )}
      </section>
      {isSheetOpen ? (
        <FilterSheet title={t('filtersTitle')} onClose={() => setSheetOpen(false)}>
          {form}
        </FilterSheet>
      ) : null}
    </div>
  );
}

/** For visitors when the site keeps search for members: log in or sign up. */
export function SearchLoginPrompt() {
  const t = useTranslations('Members');
  const tErrors = useTranslations('Errors');
  return (
    <div className="alert alert-info">
      <p>{tErrors('search_login_required')}</p>
      <div className="d-flex gap-2">
        <Link href="/login?redirect=/members" className="btn btn-primary">
          {t('login')}
        </Link>
        <Link href="/signup" className="btn btn-outline-primary">
          {t('signup')}
        </Link>
      </div>
    </div>
  );
}
