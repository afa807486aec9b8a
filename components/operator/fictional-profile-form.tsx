'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { fieldErrorsOf } from '@/lib/api/operator-profiles';
import { operatorApiError } from '@/lib/api/operator-api';
import { checkDateOfBirth, checkUsername, MIN_AGE, USERNAME_LENGTH } from '@/lib/shared/account-rules';
import { localCountryName } from '@/lib/shared/company';
import { SERVED_COUNTRIES } from '@/lib/shared/constants';
import type { FictionalProfile, FictionalProfileCreate } from '@/lib/shared/schemas/fictional-profiles';
import { ABOUT_MAX_LENGTH, CITY_MAX_LENGTH } from '@/lib/shared/values/fictional-profiles';
import { GENDERS } from '@/lib/shared/values/auth';
import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
} from '@/lib/shared/values/profile';

const CHOICES = {
  sexuality: SEXUALITIES,
  hair_color: HAIR_COLORS,
  eye_color: EYE_COLORS,
  body_type: BODY_TYPES,
  relationship_status: RELATIONSHIP_STATUSES,
  tattoos: TATTOOS,
} as const;
type ChoiceField = keyof typeof CHOICES;
const CHOICE_FIELDS = Object.keys(CHOICES) as ChoiceField[];

type TextField = 'name' | 'gender' | 'date_of_birth' | 'country' | 'city' | 'about';
type Field = TextField | ChoiceField;
export type ProfileValues = Record<Field, string>;

const FIELDS: readonly Field[] = [
  'name',
  'gender',
  'date_of_birth',
  'country',
  'city',
  'about',
  ...CHOICE_FIELDS,
];

/** The form's values of a profile (empty strings for what is not given). */
export function valuesOf(profile: FictionalProfile | null): ProfileValues {
  const values = Object.fromEntries(FIELDS.map((field) => [field, ''])) as ProfileValues;
  if (!profile) return { ...values, country: 'NL' };
  for (const field of FIELDS) values[field] = profile[field] ?? '';
  return values;
}

/** The values as the API takes them: empty optional fields are null. */
export function toFields(values: ProfileValues): FictionalProfileCreate {
  const orNull = <T extends string>(value: string) => (value.trim() ? (value.trim() as T) : null);
  return {
    name: values.name.trim(),
    gender: values.gender as FictionalProfileCreate['gender'],
    date_of_birth: values.date_of_birth,
    country: values.country,
    city: orNull(values.city),
    about: orNull(values.about),
    sexuality: orNull(values.sexuality),
    hair_color: orNull(values.hair_color),
    eye_color: orNull(values.eye_color),
    body_type: orNull(values.body_type),
    relationship_status: orNull(values.relationship_status),
    tattoos: orNull(values.tattoos),
  };
}

/**
 * The fields of a fictional profile: name, gender, date of birth, country and town, the "about"
 * text and the choices members fill in on their own profile. Checked here by the members' rules
 * before it is sent; what the server refuses (a town it does not know) shows under its field.
 */
export function FictionalProfileForm(props: {
  initial: ProfileValues;
  submitLabel: string;
  busyLabel: string;
  isBusy: boolean;
  /** Sends the values; rejects with the API's error. */
  onSubmit: (values: ProfileValues) => Promise<void>;
  onCancel?: () => void;
  notice?: string | null;
}) {
  const t = useTranslations('OperatorProfiles');
  const locale = useLocale();
  const id = useId();
  const [values, setValues] = useState(props.initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (checkUsername(values.name, ''))
      found.name = t('errors.name', { min: USERNAME_LENGTH.min, max: USERNAME_LENGTH.max });
    if (!values.gender) found.gender = t('errors.gender');
    if (checkDateOfBirth(values.date_of_birth))
      found.date_of_birth = t('errors.dateOfBirth', { min: MIN_AGE });
    if (!values.country) found.country = t('errors.country');
    if (values.about.trim().length > ABOUT_MAX_LENGTH)
      found.about = t('errors.about', { max: ABOUT_MAX_LENGTH });
    return found;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = check();
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    try {
      await props.onSubmit(values);
    } catch (error) {
      const byField = fieldErrorsOf(error);
      const known = FIELDS.filter((field) => byField[field]);
      if (known.length) {
        setErrors(Object.fromEntries(known.map((field) => [field, byField[field]])));
        document.getElementById(`${id}-${known[0]}`)?.focus();
      } else {
        setFormError(operatorApiError(error)?.message ?? t('loadError'));
      }
    }
  };

  const fieldId = (field: Field) => `${id}-${field}`;
  const described = (field: Field, hint?: boolean) =>
    [errors[field] ? `${fieldId(field)}-error` : null, hint ? `${fieldId(field)}-hint` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const error = (field: Field) =>
    errors[field] ? (
      <div id={`${fieldId(field)}-error`} className="invalid-feedback d-block">
        {errors[field]}
      </div>
    ) : null;
  const control = (field: Field, base: string) => ({
    id: fieldId(field),
    name: field,
    className: `${base}${errors[field] ? ' is-invalid' : ''}`,
    value: values[field],
    'aria-invalid': errors[field] ? true : undefined,
  });

  const select = (
    field: Field,
    label: string,
    options: readonly (readonly [string, string])[],
    empty: string,
  ) => (
    <div className="col-12 col-md-6" key={field}>
      <label className="form-label" htmlFor={fieldId(field)}>
        {label}
      </label>
      <select
        {...control(field, 'form-select')}
        aria-describedby={described(field)}
        onChange={(e) => change(field)(e.target.value)}
      >
        <option value="">{empty}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {error(field)}
    </div>
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      {formError ? (
        <div className="alert alert-danger" role="alert">
          {formError}
        </div>
      ) : null}
      <div className="row g-3">
        <div className="col-12 col-md-6">
          <label className="form-label" htmlFor={fieldId('name')}>
            {t('fields.name')}
          </label>
          <input
            {...control('name', 'form-control')}
            type="text"
            autoComplete="off"
            maxLength={USERNAME_LENGTH.max}
            aria-required
            aria-describedby={described('name')}
            onChange={(e) => change('name')(e.target.value)}
          />
          {error('name')}
        </div>
        {select(
          'gender',
          t('fields.gender'),
          GENDERS.map((g) => [g, t(`options.gender.${g}`)] as const),
          t('choose'),
        )}
        <div className="col-12 col-md-6">
          <label className="form-label" htmlFor={fieldId('date_of_birth')}>
            {t('fields.dateOfBirth')}
          </label>
          <input
            {...control('date_of_birth', 'form-control')}
            type="date"
            aria-required
            aria-describedby={described('date_of_birth')}
            onChange={(e) => change('date_of_birth')(e.target.value)}
          />
          {error('date_of_birth')}
        </div>
        {select(
          'country',
          t('fields.country'),
          SERVED_COUNTRIES.map((code) => [code, localCountryName(code, locale)] as const),
          t('choose'),
        )}
        <div className="col-12 col-md-6">
          <label className="form-label" htmlFor={fieldId('city')}>
            {t('fields.city')}
          </label>
          <input
            {...control('city', 'form-control')}
            type="text"
            autoComplete="off"
            maxLength={CITY_MAX_LENGTH}
            aria-describedby={described('city', true)}
            onChange={(e) => change('city')(e.target.value)}
          />
          <div id={`${fieldId('city')}-hint`} className="form-text">
            {t('cityHint')}
          </div>
          {error('city')}
        </div>
        {select(
          'sexuality',
          t('fields.sexuality'),
          SEXUALITIES.map((v) => [v, t(`options.sexuality.${v}`)] as const),
          t('notSpecified'),
        )}
        <div className="col-12">
          <label className="form-label" htmlFor={fieldId('about')}>
            {t('fields.about')}
          </label>
          <textarea
            {...control('about', 'form-control')}
            rows={4}
            maxLength={ABOUT_MAX_LENGTH}
            aria-describedby={described('about', true)}
            onChange={(e) => change('about')(e.target.value)}
          />
          <div id={`${fieldId('about')}-hint`} className="form-text">
            {t('aboutHint', { max: ABOUT_MAX_LENGTH })}
          </div>
          {error('about')}
        </div>
        {select(
          'hair_color',
          t('fields.hair_color'),
          HAIR_COLORS.map((v) => [v, t(`options.hair_color.${v}`)] as const),
          t('notSpecified'),
        )}
        {select(
          'eye_color',
          t('fields.eye_color'),
          EYE_COLORS.map((v) => [v, t(`options.eye_color.${v}`)] as const),
          t('notSpecified'),
        )}
        {select(
          'body_type',
          t('fields.body_type'),
          BODY_TYPES.map((v) => [v, t(`options.body_type.${v}`)] as const),
          t('notSpecified'),
        )}
        {select(
          'relationship_status',
          t('fields.relationship_status'),
          RELATIONSHIP_STATUSES.map((v) => [v, t(`options.relationship_status.${v}`)] as const),
          t('notSpecified'),
        )}
        {select(
          'tattoos',
          t('fields.tattoos'),
          TATTOOS.map((v) => [v, t(`options.tattoos.${v}`)] as const),
          t('notSpecified'),
        )}
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2 mt-4">
        <button type="submit" className="btn btn-primary" disabled={props.isBusy}>
          {props.isBusy ? props.busyLabel : props.submitLabel}
        </button>
        {props.onCancel ? (
          <button type="button" className="btn btn-outline-secondary" onClick={props.onCancel}>
            {t('cancel')}
          </button>
        ) : null}
        <span role="status" className="text-body-secondary small">
          {props.notice ?? ''}
        </span>
      </div>
    </form>
  );
}
