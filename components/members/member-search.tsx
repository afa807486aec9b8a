'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { useApi } from '@/lib/api/api-context';
import { useSettings } from '@/lib/api/hooks';
import { fetchSearchPage } from '@/lib/api/members';
import { SEARCH_COUNT_CAP, type SearchFilters } from '@/lib/shared/schemas/members';
import { resultsOf } from '@/stores/search-store';
import { MemberCard } from './member-card';
import { SearchFiltersForm } from './search-filters';
import { useSearchStore } from './search-store-provider';

/**
 * `/members`: the filters, then results that accumulate page by page as the member scrolls (or
 * presses "Show more"), and similar results when few profiles match.
 */
export function MemberSearch() {
  const t = useTranslations('Members');
  const tErrors = useTranslations('Errors');
  const api = useApi();
  const { data: settings } = useSettings();
  const filters = useSearchStore((s) => s.filters);
  const pages = useSearchStore((s) => s.pages);
  const numResults = useSearchStore((s) => s.numResults);
  const hasMore = useSearchStore((s) => s.hasMore);
  const similar = useSearchStore((s) => s.similar);
  const initialised = useSearchStore((s) => s.initialised);
  const setFilters = useSearchStore((s) => s.setFilters);
  const addPage = useSearchStore((s) => s.addPage);
  const clear = useSearchStore((s) => s.clear);
  const status = useSearchStore((s) => s.status);
  const failure = useSearchStore((s) => s.failure);
  const startLoading = useSearchStore((s) => s.startLoading);
  const fail = useSearchStore((s) => s.fail);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The filters results are kept for, and the page being fetched: an answer for older filters is
  // dropped, and the same page is never fetched twice at once.
  const currentFilters = useRef(filters);
  const inFlight = useRef<{ filters: SearchFilters; page: number } | null>(null);
  useEffect(() => {
    currentFilters.current = filters;
  }, [filters]);

  const loadPage = useCallback(
    async (page: number, forFilters: SearchFilters) => {
      if (inFlight.current?.filters === forFilters && inFlight.current.page === page) return;
      const key = { filters: forFilters, page };
      inFlight.current = key;
      startLoading();
      try {
        const response = await fetchSearchPage(api, { ...forFilters, page });
        if (currentFilters.current === forFilters) addPage(response);
      } catch (error) {
        if (currentFilters.current === forFilters)
          fail(readApiFailure(error).message ?? tErrors('internal_error'));
      } finally {
        if (inFlight.current === key) inFlight.current = null;
      }
    },
    [addPage, api, fail, startLoading, tErrors],
  );

  // The first page of the current filters, unless it was loaded before (coming back from a profile).
  useEffect(() => {
    if (!initialised && pages.length === 0) void loadPage(1, filters);
  }, [initialised, pages.length, filters, loadPage]);

  const nextPage = (pages.at(-1)?.pageNumber ?? 0) + 1;
  const loadMore = useCallback(() => {
    if (hasMore && status === 'idle') void loadPage(nextPage, filters);
  }, [hasMore, status, loadPage, nextPage, filters]);

  // Loads the next page when the end of the list scrolls into view.
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMore();
      },
      { rootMargin: '400px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [loadMore]);

  const results = resultsOf(pages);
  const searchFields = settings?.search_fields ?? [];
  const countText =
    numResults >= SEARCH_COUNT_CAP
      ? t('foundMany', { count: SEARCH_COUNT_CAP })
      : t('found', { count: numResults });

  return (
    <div className="row g-4">
      <aside className="col-lg-3" aria-label={t('filtersTitle')}>
        <h2 className="h5 d-none d-lg-block">{t('filtersTitle')}</h2>
        {/* On phones the filters fold away behind a button, so the results come first. */}
        <button
          type="button"
          className="btn btn-outline-secondary w-100 d-lg-none"
          aria-expanded={filtersOpen}
          aria-controls="search-filters"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {t('filtersTitle')}
        </button>
        <div id="search-filters" className={filtersOpen ? 'mt-3' : 'd-none d-lg-block'}>
          <SearchFiltersForm
            key={JSON.stringify(filters)}
            fields={searchFields}
            filters={filters}
            onSearch={(next) => {
              setFilters(next);
              setFiltersOpen(false);
            }}
            onReset={clear}
          />
        </div>
      </aside>
      <section className="col-lg-9" aria-labelledby="search-results-title" aria-busy={status === 'loading'}>
        <h2 id="search-results-title" className="h5" aria-live="polite">
          {initialised ? countText : t('loading')}
        </h2>
        {settings && results.some((r) => r.fictional) && (
          <p className="small text-body-secondary">
            {t('fictionalNote', { plural: settings.fictional_plural })}
          </p>
        )}
        {initialised && results.length === 0 && <p>{t('noResults')}</p>}
        <ul
          className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3 list-unstyled"
          aria-label={t('resultsLabel')}
        >
          {results.map((card) => (
            <li key={card.id} className="col">
              <MemberCard card={card} />
            </li>
          ))}
        </ul>
        <div ref={sentinel} />
        {status === 'failed' && (
          <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
            <span>{failure}</span>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={() => void loadPage(nextPage, filters)}
            >
              {t('retry')}
            </button>
          </div>
        )}
        {status === 'loading' && (
          <p className="text-body-secondary" role="status">
            {t('loading')}
          </p>
        )}
        {hasMore && status === 'idle' && (
          <div className="text-center my-3">
            <button type="button" className="btn btn-outline-primary" onClick={loadMore}>
              {t('loadMore')}
            </button>
          </div>
        )}
        {similar && similar.results.length > 0 && (
          <section className="mt-4" aria-labelledby="similar-results-title">
            <h2 id="similar-results-title" className="h5">
              {t('similarTitle')}
            </h2>
            <p className="text-body-secondary">{t('similarIntro')}</p>
            <ul className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3 list-unstyled">
              {similar.results.map((card) => (
                <li key={card.id} className="col">
                  <MemberCard card={card} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </section>
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
