'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { useCountryRegions, useSettings } from '@/lib/api/hooks';
import { GENDERS } from '@/lib/shared/values/auth';
import type { GeocodeResult } from '@/lib/shared/schemas/geo';
import { isAgeRangeValid, SEARCH_MAX_AGE, SEARCH_MIN_AGE } from '@/lib/shared/values/members';
import type { SearchFilters } from '@/lib/shared/schemas/members';
import type { SearchField } from '@/lib/shared/schemas/settings';
import { GeolocationButton } from '../geo/geolocation-button';
import { VerifiedSeal } from '../verification/verified-seal';
import { useCountryName, useRegionLabel } from '../profile/labels';

const AGES = Array.from({ length: SEARCH_MAX_AGE - SEARCH_MIN_AGE + 1 }, (_, i) => SEARCH_MIN_AGE + i);

const numberOrUndefined = (value: string) => (value === '' ? undefined : Number(value));

/** One end of the age range: a select of every age, "From age"/"To age" meaning no bound. */
function AgeSelect(props: {
  id: string;
  label: string;
  value: number | undefined;
  invalid: boolean;
  onChange: (value: number | undefined) => void;
}) {
  return (
    <>
      <label htmlFor={props.id} className="visually-hidden">
        {props.label}
      </label>
      <select
        id={props.id}
        className={`form-select${props.invalid ? ' is-invalid' : ''}`}
        value={props.value ?? ''}
        onChange={(e) => props.onChange(numberOrUndefined(e.target.value))}
      >
        <option value="">{props.label}</option>
        {AGES.map((age) => (
          <option key={age} value={age}>
            {age}
          </option>
        ))}
      </select>
    </>
  );
}

/**
 * The search filters the site offers (`search_fields`): gender, country, region and an age range;
 * and, always, photo-verified members only.
 */
export function SearchFiltersForm(props: {
  fields: readonly SearchField[];
  filters: SearchFilters;
  onSearch: (filters: SearchFilters) => void;
  onReset: () => void;
  /** The same search runs again: the button says so. */
  isSearching?: boolean;
}) {
  const t = useTranslations('Members');
  const countryName = useCountryName();
  const regionLabel = useRegionLabel();
  const { data: settings } = useSettings();
  const [draft, setDraft] = useState<SearchFilters>(props.filters);
  const id = useId();
  const shows = (field: SearchField) => props.fields.includes(field);
  const countries = settings?.countries ?? [];
  const countryRegions = useCountryRegions(draft.country) ?? [];
  const ageRangeWrong = !isAgeRangeValid(draft);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ageRangeWrong) props.onSearch(draft);
  };
  const located = (result: GeocodeResult) => {
    if (!result.country || !countries.includes(result.country)) return;
    const next = { ...draft, country: result.country, countryregion: result.region_id ?? undefined };
    setDraft(next);
    props.onSearch(next);
  };

  return (
    <form onSubmit={submit} noValidate aria-describedby={ageRangeWrong ? `${id}-age-error` : undefined}>
      {shows('gender') && (
        <div className="mb-3">
          <label htmlFor={`${id}-gender`} className="form-label">
            {t('gender')}
          </label>
          <select
            id={`${id}-gender`}
            className="form-select"
            value={draft.gender ?? ''}
            onChange={(e) => setDraft({ ...draft, gender: GENDERS.find((g) => g === e.target.value) })}
          >
            <option value="">{t('anyGender')}</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t(`genderOption.${gender}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      {shows('country') && (
        <div className="mb-3">
          <label htmlFor={`${id}-country`} className="form-label">
            {t('country')}
          </label>
          <select
            id={`${id}-country`}
            className="form-select"
            value={draft.country ?? ''}
            onChange={(e) =>
              setDraft({ ...draft, country: e.target.value || undefined, countryregion: undefined })
            }
          >
            <option value="">{t('anyCountry')}</option>
            {countries.map((code) => (
              <option key={code} value={code}>
                {countryName(code)}
              </option>
            ))}
          </select>
        </div>
      )}
      {shows('countryregion') && draft.country && countryRegions.length > 0 && (
        <div className="mb-3">
          <label htmlFor={`${id}-region`} className="form-label">
            {regionLabel(draft.country)}
          </label>
          <select
            id={`${id}-region`}
            className="form-select"
            value={draft.countryregion ?? ''}
            onChange={(e) => setDraft({ ...draft, countryregion: numberOrUndefined(e.target.value) })}
          >
            <option value="">{t('anyRegion')}</option>
            {countryRegions.map((region) => (
              <option key={region.id} value={region.id}>
                {region.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {(shows('min_age') || shows('max_age')) && (
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t('age')}</legend>
          <div className="age-range">
            {shows('min_age') && (
              <AgeSelect
                id={`${id}-min-age`}
                label={t('minAge')}
                value={draft.min_age}
                invalid={ageRangeWrong}
                onChange={(min_age) => setDraft({ ...draft, min_age })}
              />
            )}
            {shows('max_age') && (
              <AgeSelect
                id={`${id}-max-age`}
                label={t('maxAge')}
                value={draft.max_age}
                invalid={ageRangeWrong}
                onChange={(max_age) => setDraft({ ...draft, max_age })}
              />
            )}
          </div>
          {ageRangeWrong && (
            <div id={`${id}-age-error`} className="invalid-feedback d-block" role="alert">
              {t('ageRangeWrong')}
            </div>
          )}
        </fieldset>
      )}
      <div className="form-check form-switch verified-filter mb-3">
        <input
          id={`${id}-verified`}
          type="checkbox"
          role="switch"
          className="form-check-input"
          checked={draft.verified === true}
          onChange={(e) => setDraft({ ...draft, verified: e.target.checked ? true : undefined })}
        />
        <label htmlFor={`${id}-verified`} className="form-check-label">
          <VerifiedSeal />
          {t('verifiedOnly')}
        </label>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary">
          {props.isSearching ? (
            <>
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              {t('searching')}
            </>
          ) : (
            t('search')
          )}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={props.onReset}>
          {t('reset')}
        </button>
      </div>
      {shows('country') && (
        <div className="mt-3">
          <GeolocationButton onLocated={located} />
        </div>
      )}
    </form>
  );
}
