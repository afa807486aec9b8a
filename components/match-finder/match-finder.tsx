'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { useInterests } from '@/lib/api/hooks';
import { useMatchFinder } from '@/lib/api/match-finder';
import type { MatchAnswers } from '@/lib/shared/schemas/match-finder';
import {
  MATCH_DISTANCES,
  MATCH_MAX_INTERESTS,
  MATCH_RESULTS,
  MATCH_WHO,
} from '@/lib/shared/values/match-finder';
import { SEARCH_MAX_AGE, SEARCH_MIN_AGE } from '@/lib/shared/values/members';
import { useInterestLabel } from '../profile/labels';
import { MatchGrid, MatchGridSkeleton, MatchListStates } from './match-results';

/** Interests shown before the member asks for all of them (picked ones always show). */
const INTERESTS_SHOWN = 12;

const AGES = Array.from({ length: SEARCH_MAX_AGE - SEARCH_MIN_AGE + 1 }, (_, i) => SEARCH_MIN_AGE + i);

/** Answers in the order the server keys them, so the same answers reuse the cached list. */
const normalized = (answers: MatchAnswers): MatchAnswers => ({
  ...answers,
  interests: [...answers.interests].sort((a, b) => a - b),
});

/** One question as a row of pill-shaped radio buttons. */
function PillChoice<T extends string>(props: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  label: (option: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="finder-question">
      <legend className="finder-legend">{props.legend}</legend>
      <div className="finder-pills">
        {props.options.map((option) => (
          <label key={option} className="finder-pill">
            <input
              type="radio"
              className="finder-pill-input"
              name={props.name}
              value={option}
              checked={props.value === option}
              onChange={() => props.onChange(option)}
            />
            <span className="finder-pill-text">{props.label(option)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The four questions: who, age range, distance, interests; prefilled from the member's profile. */
function FinderForm(props: {
  initial: MatchAnswers;
  isLocated: boolean;
  isBusy: boolean;
  onSubmit: (answers: MatchAnswers) => void;
}) {
  const t = useTranslations('MatchFinder');
  const interestLabel = useInterestLabel();
  const { data: reference } = useInterests();
  const [answers, setAnswers] = useState(props.initial);
  const [isAllInterests, setAllInterests] = useState(false);
  const ids = { from: useId(), to: useId(), ageError: useId(), interestsHint: useId(), chips: useId() };
  const isAgeValid = answers.age_min <= answers.age_max;
  const set = (changes: Partial<MatchAnswers>) => setAnswers((current) => ({ ...current, ...changes }));
  const toggleInterest = (id: number) =>
    set({
      interests: answers.interests.includes(id)
        ? answers.interests.filter((i) => i !== id)
        : [...answers.interests, id].slice(-MATCH_MAX_INTERESTS),
    });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isAgeValid) props.onSubmit(normalized(answers));
  };

  return (
    <form className="finder-form" onSubmit={onSubmit} noValidate aria-labelledby="finder-form-title">
      <h2 id="finder-form-title" className="visually-hidden">
        {t('formTitle')}
      </h2>
      <PillChoice
        legend={t('who')}
        name="gender"
        options={MATCH_WHO}
        value={answers.gender}
        label={(option) => t(`whoOption.${option}`)}
        onChange={(gender) => set({ gender })}
      />

      <fieldset className="finder-question">
        <legend className="finder-legend">{t('age')}</legend>
        <div className="finder-ages">
          <label htmlFor={ids.from} className="finder-age-label">
            {t('ageFrom')}
          </label>
          <select
            id={ids.from}
            className="form-select finder-age"
            value={answers.age_min}
            aria-invalid={!isAgeValid}
            aria-describedby={isAgeValid ? undefined : ids.ageError}
            onChange={(event) => set({ age_min: Number(event.target.value) })}
          >
            {AGES.map((age) => (
              <option key={age} value={age}>
                {age}
              </option>
            ))}
          </select>
          <label htmlFor={ids.to} className="finder-age-label">
            {t('ageTo')}
          </label>
          <select
            id={ids.to}
            className="form-select finder-age"
            value={answers.age_max}
            aria-invalid={!isAgeValid}
            aria-describedby={isAgeValid ? undefined : ids.ageError}
            onChange={(event) => set({ age_max: Number(event.target.value) })}
          >
            {AGES.map((age) => (
              <option key={age} value={age}>
                {age}
              </option>
            ))}
          </select>
        </div>
        {isAgeValid ? null : (
          <p id={ids.ageError} className="invalid-feedback d-block mb-0" role="alert">
            {t('ageInvalid')}
          </p>
        )}
      </fieldset>

      <PillChoice
        legend={t('distance')}
        name="distance"
        options={MATCH_DISTANCES}
        value={answers.distance}
        label={(option) => (option === 'anywhere' ? t('anywhere') : t('km', { km: Number(option) }))}
        onChange={(distance) => set({ distance })}
      />
      {props.isLocated ? null : (
        <p className="finder-note">
          {t.rich('noTown', { link: (chunks) => <Link href="/profile">{chunks}</Link> })}
        </p>
      )}

      <fieldset className="finder-question" aria-describedby={ids.interestsHint}>
        <legend className="finder-legend">{t('interests')}</legend>
        <p id={ids.interestsHint} className="finder-hint">
          {t('interestsHint')}
        </p>
        {reference ? (
          <div className="finder-chips" id={ids.chips}>
            {reference.interests
              .filter(
                (interest, index) =>
                  isAllInterests || index < INTERESTS_SHOWN || answers.interests.includes(interest.id),
              )
              .map((interest) => (
                <label key={interest.id} className="finder-chip">
                  <input
                    type="checkbox"
                    className="finder-chip-input"
                    checked={answers.interests.includes(interest.id)}
                    onChange={() => toggleInterest(interest.id)}
                  />
                  <span className="finder-chip-text">{interestLabel(interest.slug)}</span>
                </label>
              ))}
          </div>
        ) : (
          <div className="finder-chips" aria-hidden="true">
            {Array.from({ length: 8 }, (_, i) => (
              <span key={i} className="finder-chip-skeleton skeleton" />
            ))}
          </div>
        )}
        {reference && reference.interests.length > INTERESTS_SHOWN ? (
          <button
            type="button"
            className="finder-more"
            aria-expanded={isAllInterests}
            aria-controls={ids.chips}
            onClick={() => setAllInterests((all) => !all)}
          >
            {isAllInterests ? t('fewerInterests') : t('moreInterests', { count: reference.interests.length })}
          </button>
        ) : null}
      </fieldset>

      <button type="submit" className="btn btn-primary btn-lg finder-submit" disabled={props.isBusy}>
        {t('submit')}
      </button>
    </form>
  );
}

/**
 * `/match-finder`: four quick questions (prefilled from the member's profile), then the members who
 * fit best, with why (shared interests, distance, online now) and the heart to like each. The list
 * for the profile's answers comes with the page.
 */
export function MatchFinder(props: { initial: MatchAnswers | null; isLocated: boolean }) {
  const t = useTranslations('MatchFinder');
  const tErrors = useTranslations('Errors');
  const [asked, setAsked] = useState<MatchAnswers | null>(props.initial);
  const list = useMatchFinder(asked);
  const heading = useRef<HTMLHeadingElement>(null);
  const [hasAsked, setHasAsked] = useState(false);
  const answers = list.data?.answers ?? asked;
  const cards = list.data?.profiles ?? [];
  const failure = list.error ? (readApiFailure(list.error).message ?? tErrors('internal_error')) : null;

  // After the member asks again, the results' heading takes the focus once they arrive.
  const isFresh = list.isSuccess && !list.isFetching && !list.isPlaceholderData;
  useEffect(() => {
    if (hasAsked && isFresh) heading.current?.focus();
  }, [hasAsked, isFresh, list.data]);

  return (
    <div className="match-finder">
      <header className="finder-header">
        <h1 className="finder-title">{t('title')}</h1>
        <p className="finder-intro">{t('intro')}</p>
      </header>
      <div className="finder-layout">
        {answers ? (
          <FinderForm
            key={JSON.stringify(props.initial)}
            initial={answers}
            isLocated={list.data?.located ?? props.isLocated}
            isBusy={list.isFetching}
            onSubmit={(next) => {
              setHasAsked(true);
              setAsked(next);
            }}
          />
        ) : (
          <div className="finder-form finder-form-skeleton skeleton" aria-hidden="true" />
        )}
        <section
          className="finder-results"
          aria-labelledby="finder-results-title"
          aria-busy={list.isFetching}
        >
          <h2 id="finder-results-title" className="finder-results-title" tabIndex={-1} ref={heading}>
            {t('resultsTitle')}
          </h2>
          <p className="finder-count" role="status">
            {list.isFetching
              ? t('loading')
              : list.data
                ? t('found', { count: Math.min(cards.length, MATCH_RESULTS) })
                : ''}
          </p>
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
          {cards.length ? (
            <div className={list.isPlaceholderData ? 'finder-stale' : undefined}>
              <MatchGrid cards={cards} labelledBy="finder-results-title" />
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
}
