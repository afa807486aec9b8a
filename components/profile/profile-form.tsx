'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { describedBy, FieldError, FieldHint, FormAlert } from '@/components/forms/form-fields';
import { useFieldForm } from '@/components/forms/use-field-form';
import { GeolocationButton } from '@/components/geo/geolocation-button';
import { useCountryRegions, useInterests, useSettings } from '@/lib/api/hooks';
import { useUpdateProfile } from '@/lib/api/profile';
import { ageOn, parseDateOfBirth } from '@/lib/shared/account-rules';
import { GENDERS } from '@/lib/shared/values/auth';
import type { GeocodeResult } from '@/lib/shared/schemas/geo';
import { MAX_INTERESTS } from '@/lib/shared/values/profile';
import type { OwnProfile } from '@/lib/shared/schemas/profile';
import type { ProfileField as VisibleField } from '@/lib/shared/schemas/settings';
import { useCountryName, useInterestLabel, useRegionLabel } from './labels';
import {
  changesOf,
  CHOICES,
  joinIds,
  PROFILE_FORM_FIELDS,
  splitIds,
  valuesOf,
  type ChoiceField,
} from './profile-values';

/** How long the toast after saving stays. */
const TOAST_MS = 6_000;

type OptionKey = { [F in ChoiceField]: `${F}.${(typeof CHOICES)[F][number]}` }[ChoiceField];

/** A labelled select with its error; `options` are [value, label] pairs. */
function SelectField(props: {
  id: string;
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
  error?: string;
  emptyLabel?: string;
}) {
  return (
    <div className="col-12 col-md-6">
      <label htmlFor={props.id} className="form-label">
        {props.label}
      </label>
      <select
        id={props.id}
        name={props.id}
        className={`form-select${props.error ? ' is-invalid' : ''}`}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props.id, { error: props.error })}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.emptyLabel !== undefined ? <option value="">{props.emptyLabel}</option> : null}
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <FieldError id={props.id}>{props.error}</FieldError>
    </div>
  );
}

/** A value shown with its label that cannot be changed here. */
function ReadOnlyField(props: { id: string; label: string; value: string }) {
  return (
    <div className="col-12 col-md-6">
      <label htmlFor={props.id} className="form-label">
        {props.label}
      </label>
      <input id={props.id} type="text" readOnly className="form-control-plaintext" value={props.value} />
    </div>
  );
}

/**
 * The profile's details: the fields the site shows (settings `visible_profile_fields`); name and
 * date of birth are shown but cannot be changed. Only changed fields are sent.
 */
export function ProfileForm(props: { profile: OwnProfile }) {
  const { profile } = props;
  const t = useTranslations('ProfileEditor');
  const tOptions = useTranslations('ProfileOptions');
  const tFields = useTranslations('ProfileOptions.fields');
  const format = useFormatter();
  const countryName = useCountryName();
  const interestLabel = useInterestLabel();
  const regionLabel = useRegionLabel();
  const { data: settings } = useSettings();
  const { data: interests } = useInterests();
  const updateProfile = useUpdateProfile();
  const initial = useMemo(() => valuesOf(profile), [profile]);
  const form = useFieldForm(PROFILE_FORM_FIELDS, initial);
  const { ids, values, errors, formError, change } = form;
  const [notice, setNotice] = useState<'saved' | 'unchanged' | null>(null);
  // The toast goes after a few seconds; a new save shows it again.
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const visible = new Set<VisibleField>(settings?.visible_profile_fields ?? []);
  const isShown = (field: VisibleField) => visible.has(field);
  const notSpecified = t('notSpecified');

  const edit = (field: (typeof PROFILE_FORM_FIELDS)[number]) => (value: string) => {
    setNotice(null);
    change(field)(value);
  };

  const countries = settings?.countries.includes(profile.country)
    ? settings.countries
    : [profile.country, ...(settings?.countries ?? [])];
  const countryRegions = useCountryRegions(values.country) ?? [];
  const chosenInterests = splitIds(values.interests);
  const isInterestsFull = chosenInterests.length >= MAX_INTERESTS;

  const onCountry = (country: string) => {
    edit('country')(country);
    // A region belongs to one country: a new country starts without one.
    if (country !== values.country) change('region_id')('');
  };

  /** "Use my location" fills country, region and city, where the site offers that country. */
  const onLocated = (found: GeocodeResult) => {
    if (!found.country || !countries.includes(found.country)) return;
    edit('country')(found.country);
    // A region of the old country never stays with the new one.
    const regionId = found.region_id === null || !isShown('region') ? '' : String(found.region_id);
    if (found.country !== values.country || isShown('region')) change('region_id')(regionId);
    if (found.city && isShown('city')) change('city')(found.city);
  };

  const onInterest = (id: number, isChecked: boolean) => {
    const next = isChecked
      ? chosenInterests.includes(id) || isInterestsFull
        ? chosenInterests
        : [...chosenInterests, id]
      : chosenInterests.filter((chosen) => chosen !== id);
    edit('interests')(joinIds(next));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    if (!form.check({})) return;
    const changes = changesOf(profile, values);
    if (Object.keys(changes).length === 0) {
      setNotice('unchanged');
      return;
    }
    updateProfile.mutate(changes, {
      onSuccess: () => setNotice('saved'),
      onError: (error) => form.showFailure(error),
    });
  };

  const choiceField = (field: ChoiceField): ReactNode =>
    isShown(field) ? (
      <SelectField
        key={field}
        id={ids[field]}
        label={tFields(field)}
        value={values[field]}
        emptyLabel={notSpecified}
        options={CHOICES[field].map((value) => [value, tOptions(`${field}.${value}` as OptionKey)] as const)}
        error={errors[field]}
        onChange={edit(field)}
      />
    ) : null;

  const dateOfBirth = parseDateOfBirth(profile.date_of_birth);

  return (
    <form noValidate onSubmit={onSubmit}>
      <FormAlert id={ids.alert}>{formError}</FormAlert>
      <div className="row g-3 mb-3">
        <ReadOnlyField id={`${ids.done}-name`} label={t('name')} value={profile.name} />
        {isShown('age') && dateOfBirth ? (
          <ReadOnlyField
            id={`${ids.done}-dob`}
            label={t('dateOfBirth')}
            value={t('dateOfBirthValue', {
              date: format.dateTime(
                new Date(Date.UTC(dateOfBirth.year, dateOfBirth.month - 1, dateOfBirth.day)),
                {
                  dateStyle: 'long',
                  timeZone: 'UTC',
                },
              ),
              age: ageOn(dateOfBirth, new Date()),
            })}
          />
        ) : null}
        <p className="col-12 form-text mt-1">
          {isShown('age') && dateOfBirth ? t('readOnlyHint') : t('nameReadOnlyHint')}
        </p>

        {isShown('gender') ? (
          <SelectField
            id={ids.gender}
            label={tFields('gender')}
            value={values.gender}
            // Gender cannot be cleared; the empty choice is there only while none was ever given.
            emptyLabel={profile.gender === null ? notSpecified : undefined}
            options={GENDERS.map((value) => [value, tOptions(`gender.${value}`)] as const)}
            error={errors.gender}
            onChange={edit('gender')}
          />
        ) : null}
        {choiceField('sexuality')}

        {isShown('country') ? (
          <SelectField
            id={ids.country}
            label={tFields('country')}
            value={values.country}
            options={countries.map((code) => [code, countryName(code)] as const)}
            error={errors.country}
            onChange={onCountry}
          />
        ) : null}
        {isShown('region') ? (
          <SelectField
            id={ids.region_id}
            label={regionLabel(values.country)}
            value={values.region_id}
            emptyLabel={notSpecified}
            options={countryRegions.map((region) => [String(region.id), region.name] as const)}
            error={errors.region_id}
            onChange={edit('region_id')}
          />
        ) : null}
        {isShown('city') ? (
          <div className="col-12 col-md-6">
            <label htmlFor={ids.city} className="form-label">
              {tFields('city')}
            </label>
            <input
              id={ids.city}
              name={ids.city}
              type="text"
              className={`form-control${errors.city ? ' is-invalid' : ''}`}
              value={values.city}
              maxLength={80}
              autoComplete="address-level2"
              aria-invalid={errors.city ? true : undefined}
              aria-describedby={describedBy(ids.city, { error: errors.city })}
              onChange={(event) => edit('city')(event.target.value)}
            />
            <FieldError id={ids.city}>{errors.city}</FieldError>
          </div>
        ) : null}
        {isShown('country') ? (
          <div className="col-12">
            <GeolocationButton onLocated={onLocated} />
          </div>
        ) : null}

        {choiceField('hair_color')}
        {choiceField('eye_color')}
        {choiceField('body_type')}
        {choiceField('relationship_status')}
        {choiceField('tattoos')}
      </div>

      {isShown('interests') ? (
        <fieldset
          id={ids.interests}
          tabIndex={-1}
          className="mb-3"
          aria-describedby={describedBy(ids.interests, { hint: true, error: errors.interests })}
        >
          <legend className="form-label fs-6 mb-1">{tFields('interests')}</legend>
          <FieldHint id={ids.interests}>
            {t('interestsHint', { max: MAX_INTERESTS, count: chosenInterests.length })}
          </FieldHint>
          <FieldError id={ids.interests}>{errors.interests}</FieldError>
          <div className="row row-cols-2 row-cols-md-3 g-1 mt-1">
            {(interests?.interests ?? []).map((interest) => {
              const isChecked = chosenInterests.includes(interest.id);
              const id = `${ids.interests}-${interest.id}`;
              return (
                <div key={interest.id} className="col">
                  <div className="form-check">
                    <input
                      id={id}
                      type="checkbox"
                      className="form-check-input"
                      checked={isChecked}
                      disabled={!isChecked && isInterestsFull}
                      onChange={(event) => onInterest(interest.id, event.target.checked)}
                    />
                    <label htmlFor={id} className="form-check-label">
                      {interestLabel(interest.slug)}
                    </label>
                  </div>
                </div>
              );
            })}
          </div>
        </fieldset>
      ) : null}

      {/* The outcome is a toast at the bottom of the screen (spec: notices are toasts at most 350 px
          wide), read out by screen readers, gone after a few seconds. */}
      <div className="toast-region" role="status" aria-live="polite">
        {notice ? (
          <div
            id={ids.done}
            className={`toast show app-toast ${notice === 'saved' ? 'app-toast-success' : 'app-toast-info'}`}
          >
            <div className="toast-body">{notice === 'saved' ? t('saved') : t('unchanged')}</div>
          </div>
        ) : null}
      </div>
      <button type="submit" className="btn btn-primary" disabled={updateProfile.isPending}>
        {updateProfile.isPending ? t('saving') : t('save')}
      </button>
    </form>
  );
}
