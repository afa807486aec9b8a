'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { useGifSearch } from '@/lib/api/chat-extras';
import type { GifResult } from '@/lib/shared/schemas/chat';
import { GIF_QUERY_MAX } from '@/lib/shared/values/chat';
import { ExtrasSheet, SheetError } from './extras-sheet';

export interface GifSearchProps {
  show: boolean;
  onPick(gif: GifResult): void;
  onClose(): void;
}

/** How long typing pauses before the search runs. */
export const GIF_SEARCH_DEBOUNCE_MS = 350;

/** The value once it has stopped changing for `delay` milliseconds. */
function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

const SKELETONS = Array.from({ length: 8 }, (_, index) => index);

/** GIF search as a dialog; picking one hands it to the caller, who sends it. */
export function GifSearch(props: GifSearchProps) {
  const t = useTranslations('Gifs');
  const tErrors = useTranslations('Errors');
  const inputId = useId();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), GIF_SEARCH_DEBOUNCE_MS);
  const search = useGifSearch(query, props.show);
  const more = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;

  // Scrolling to the end of the list loads the next page; the button does the same by hand.
  useEffect(() => {
    const sentinel = more.current;
    if (!sentinel || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const pages = search.data?.pages ?? [];
  const seen = new Set<string>();
  const results = pages
    .flatMap((page) => page.results)
    .filter((gif) => (seen.has(gif.id) ? false : (seen.add(gif.id), true)));
  const attribution = pages[0]?.attribution ?? null;

  let content;
  if (search.isPending) {
    content = (
      <ul className="gif-grid" aria-busy="true" aria-label={t('loading')}>
        {SKELETONS.map((index) => (
          <li key={index} className="gif-tile gif-tile-skeleton skeleton" />
        ))}
      </ul>
    );
  } else if (search.isError && results.length === 0) {
    content = (
      <SheetError
        message={readApiFailure(search.error).message ?? t('error')}
        retryLabel={t('retry')}
        onRetry={() => void search.refetch()}
      />
    );
  } else if (results.length === 0) {
    content = <p className="extras-sheet-state">{t('empty', { query })}</p>;
  } else {
    content = (
      <>
        <ul className="gif-grid">
          {results.map((gif) => (
            <li key={`${gif.source}:${gif.id}`}>
              <button
                type="button"
                className="gif-tile"
                aria-label={t('pick', { title: gif.title })}
                onClick={() => props.onPick(gif)}
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- animated GIFs from the service, sized by it */}
                <img src={gif.preview} alt="" width={gif.width} height={gif.height} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
        {search.isFetchNextPageError ? (
          <p className="text-danger small text-center mt-3" role="alert">
            {readApiFailure(search.error).message ?? tErrors('internal_error')}
          </p>
        ) : null}
        {hasNextPage ? (
          <div ref={more} className="text-center mt-3">
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              disabled={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              {isFetchingNextPage ? t('loading') : t('more')}
            </button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <ExtrasSheet
      show={props.show}
      titleId="gif-search-title"
      title={t('title')}
      closeLabel={t('close')}
      onClose={() => props.onClose()}
      onOpened={() => input.current?.focus()}
      toolbar={
        <form role="search" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={inputId} className="visually-hidden">
            {t('searchLabel')}
          </label>
          <input
            ref={input}
            id={inputId}
            type="search"
            className="form-control gif-search-input"
            placeholder={t('placeholder')}
            maxLength={GIF_QUERY_MAX}
            autoComplete="off"
            enterKeyHint="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </form>
      }
      footer={
        attribution ? (
          <p className="gif-attribution mb-0">{t('poweredBy', { service: attribution })}</p>
        ) : undefined
      }
    >
      {!query && results.length > 0 ? <p className="gif-section-title">{t('popular')}</p> : null}
      {content}
    </ExtrasSheet>
  );
}
