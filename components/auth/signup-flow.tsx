'use client';

import { AFTER_LOGIN_PATH } from './login-form';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { readApiFailure, useSignup } from '@/lib/api/auth';
import { useSettings, useUser } from '@/lib/api/hooks';
import { MIN_AGE, PASSWORD_LENGTH } from '@/lib/shared/account-rules';
import type { SignupInput } from '@/lib/shared/schemas/auth';
import { useSignupDraftLoaded, useSignupStore } from '@/stores/signup-store-provider';
import { useFailureText, useFieldErrorText } from '@/components/forms/field-errors';
import { errorId, FieldError, FormAlert, PasswordField, TextField } from '@/components/forms/form-fields';
import { useFocusRequest } from '@/components/forms/use-focus-request';
import { SignupComplete } from './signup-complete';
import {
  checkStep,
  dateParts,
  FIELD_STEP,
  firstProblem,
  isSignupField,
  joinDateParts,
  type FormStep,
  type SignupField,
  type SignupProblem,
} from './signup-rules';
import { reportSignupStarted } from './report-signup-started';
import { signupTracking } from './tracking';
import { readStoredGeocode } from '../hooks/use-geolocation';

const STEP_COUNT = 5;
const STEP_TITLES = ['genderTitle', 'nameTitle', 'birthTitle', 'emailTitle', 'passwordTitle'] as const;
/** The oldest year of birth offered. */
const MAX_AGE_OFFERED = 100;

interface FieldProblem {
  text: string;
  /** The address has an account already: the error offers to log in. */
  isEmailTaken?: boolean;
}

type Focus = (id: string) => void;

/**
 * Signup: steps 0 to 4, then the complete step, for the signup page and the desktop modal. Shows
 * the invite-only message instead when the site's signup mode does not admit this visitor, and the
 * complete step to a logged-in member who has not confirmed the e-mail address yet. `next` (a path
 * checked with `signupNextPath`) is where the way on leads, instead of the usual place.
 */
export function SignupFlow(props: { headingLevel: 2 | 3; onNavigate?: () => void; next?: string | null }) {
  const tCommon = useTranslations('Common');
  const isLoaded = useSignupDraftLoaded();
  const { data: user } = useUser();
  const { data: settings } = useSettings();
  const step = useSignupStore((state) => state.step);
  const email = useSignupStore((state) => state.email);
  const reset = useSignupStore((state) => state.reset);
  const [isClosed, setClosed] = useState(false);
  const headingId = useId();
  const focus = useFocusRequest();
  const tracking = useMemo(() => (isLoaded ? signupTracking() : null), [isLoaded]);

  // A finished signup of somebody who is no longer logged in starts afresh.
  useEffect(() => {
    if (isLoaded && user === null && step === 'complete') reset();
  }, [isLoaded, user, step, reset]);

  if (!isLoaded || !settings || user === undefined) {
    return <p className="text-body-secondary">{tCommon('loading')}</p>;
  }
  if (user?.status === 'not_confirmed') {
    return (
      <SignupComplete
        email={email}
        headingId={headingId}
        headingLevel={props.headingLevel}
        onNavigate={props.onNavigate}
        next={props.next}
      />
    );
  }
  if (user)
    return (
      <AlreadyMember headingLevel={props.headingLevel} onNavigate={props.onNavigate} next={props.next} />
    );

  const isOpen =
    settings.signups === 'all' || (settings.signups === 'with_trafficsource' && Boolean(tracking?.network));
  if (!isOpen || isClosed) {
    return <InviteOnly headingLevel={props.headingLevel} onNavigate={props.onNavigate} />;
  }
  return (
    <SignupSteps
      headingId={headingId}
      headingLevel={props.headingLevel}
      focus={focus}
      onNavigate={props.onNavigate}
      onClosed={() => setClosed(true)}
      next={props.next}
    />
  );
}

function SignupSteps(props: {
  headingId: string;
  headingLevel: 2 | 3;
  focus: Focus;
  onNavigate?: () => void;
  onClosed: () => void;
  next?: string | null;
}) {
  const t = useTranslations('Signup');
  const fieldErrorText = useFieldErrorText();
  const failureText = useFailureText();
  const locale = useLocale();
  const { data: settings } = useSettings();
  const signup = useSignup();
  const state = useSignupStore((s) => s);
  const id = useId();
  const fieldId = (field: SignupField) => `${id}-${field}`;
  const alertId = `${id}-alert`;
  const [errors, setErrors] = useState<Partial<Record<SignupField, FieldProblem>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [hasAcceptedTerms, setAcceptedTerms] = useState(false);
  const step: FormStep = state.step === 'complete' ? 0 : state.step;
  const Heading = `h${props.headingLevel}` as const;
  const input = { draft: state, password: state.password, hasAcceptedTerms };

  const problemText = (problem: SignupProblem) => {
    if (problem.code === 'gender_required') return t('genderRequired');
    if (problem.code === 'terms_required') return t('termsRequired');
    return fieldErrorText(problem.code);
  };

  /** Shows an error at its field, on the field's own step, and moves focus there. */
  const show = (field: SignupField, problem: FieldProblem) => {
    setErrors((current) => ({ ...current, [field]: problem }));
    state.goTo(FIELD_STEP[field]);
    props.focus(fieldId(field));
  };

  const clearError = (field: SignupField) => {
    if (!errors[field]) return;
    setErrors((current) => {
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const goTo = (next: FormStep) => {
    setFormError(null);
    state.goTo(next);
    props.focus(props.headingId);
  };

  const send = async (gender: SignupInput['gender']) => {
    // A fresh "Use my location" result (no new prompt here) names the country, region and town.
    const located = readStoredGeocode();
    const place = located?.country ? located : null;
    const country = place?.country ?? settings?.geoip_selected_country;
    const body: SignupInput = {
      email: state.email.trim(),
      name: state.name.trim(),
      date_of_birth: state.date_of_birth,
      password: state.password,
      gender,
      signup_message: state.signup_message.trim() || undefined,
      language: locale,
      country: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
      region_id: place?.region_id ?? undefined,
      city: place?.city ?? undefined,
      tracking: signupTracking() ?? undefined,
    };
    setFormError(null);
    try {
      await signup.mutateAsync(body);
      state.complete();
      props.focus(props.headingId);
    } catch (error) {
      const failure = readApiFailure(error);
      const text = failureText(failure.message);
      if (failure.code === 'signups_closed') {
        props.onClosed();
      } else if (failure.code === 'email_taken') {
        show('email', { text, isEmailTaken: true });
      } else if (isSignupField(failure.field)) {
        show(failure.field, { text });
      } else {
        setFormError(text);
        props.focus(alertId);
      }
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = step < 4 ? checkStep(step, input) : firstProblem(input);
    if (problem) {
      show(problem.field, { text: problemText(problem) });
    } else if (step < 4) {
      goTo((step + 1) as FormStep);
    } else if (state.gender) {
      void send(state.gender);
    }
  };

  const error = (field: SignupField): ReactNode => {
    const problem = errors[field];
    if (!problem) return null;
    if (!problem.isEmailTaken) return problem.text;
    return (
      <>
        {problem.text}{' '}
        <Link href={props.next ? `/login?redirect=${props.next}` : '/login'} onClick={props.onNavigate}>
          {t('loginInstead')}
        </Link>
      </>
    );
  };

  return (
    <section aria-labelledby={props.headingId}>
      <Heading id={props.headingId} tabIndex={-1} className="h4 mb-3">
        <span className="d-block small text-body-secondary fw-normal mb-1">
          {t('progress', { step: step + 1, total: STEP_COUNT })}
        </span>{' '}
        {t(STEP_TITLES[step])}
      </Heading>
      <FormAlert id={alertId}>{formError}</FormAlert>

      {step === 0 ? (
        <>
          <div className="d-grid gap-2" role="group" aria-labelledby={props.headingId}>
            {(['male', 'female'] as const).map((gender, index) => (
              <button
                key={gender}
                id={index === 0 ? fieldId('gender') : undefined}
                type="button"
                className={`btn btn-lg ${state.gender === gender ? 'btn-primary' : 'btn-outline-dark'}`}
                aria-pressed={state.gender === gender}
                aria-describedby={errors.gender ? errorId(fieldId('gender')) : undefined}
                onClick={() => {
                  // The first answer starts this signup attempt: counted once in the funnel.
                  if (!state.isStarted) reportSignupStarted(signupTracking());
                  state.update({ gender, isStarted: true });
                  clearError('gender');
                  goTo(1);
                }}
              >
                {gender === 'male' ? t('iAmMan') : t('iAmWoman')}
              </button>
            ))}
          </div>
          <FieldError id={fieldId('gender')}>{error('gender')}</FieldError>
        </>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          {step === 1 && (
            <TextField
              id={fieldId('name')}
              label={t('nameLabel')}
              hint={t('nameHint')}
              autoComplete="nickname"
              isRequired
              value={state.name}
              error={error('name')}
              onChange={(name) => {
                state.update({ name });
                clearError('name');
              }}
            />
          )}
          {step === 2 && (
            <DateOfBirthField
              id={fieldId('date_of_birth')}
              value={state.date_of_birth}
              error={error('date_of_birth')}
              onChange={(date_of_birth) => {
                state.update({ date_of_birth });
                clearError('date_of_birth');
              }}
            />
          )}
          {step === 3 && (
            <TextField
              id={fieldId('email')}
              label={t('emailLabel')}
              hint={t('emailHint')}
              type="email"
              inputMode="email"
              autoComplete="email"
              isRequired
              value={state.email}
              error={error('email')}
              onChange={(email) => {
                state.update({ email });
                clearError('email');
              }}
            />
          )}
          {step === 4 && (
            <>
              <PasswordField
                id={fieldId('password')}
                label={t('passwordLabel')}
                hint={t('passwordHint', { min: PASSWORD_LENGTH.min })}
                autoComplete="new-password"
                value={state.password}
                error={error('password')}
                onChange={(password) => {
                  state.update({ password });
                  clearError('password');
                }}
              />
              <TextField
                id={fieldId('signup_message')}
                label={t('messageLabel')}
                hint={t('messageHint')}
                isMultiline
                maxLength={1000}
                value={state.signup_message}
                error={error('signup_message')}
                onChange={(signup_message) => {
                  state.update({ signup_message });
                  clearError('signup_message');
                }}
              />
              <div className="form-check mb-3">
                <input
                  id={fieldId('terms')}
                  type="checkbox"
                  className={`form-check-input${errors.terms ? ' is-invalid' : ''}`}
                  checked={hasAcceptedTerms}
                  aria-invalid={errors.terms ? true : undefined}
                  aria-describedby={errors.terms ? errorId(fieldId('terms')) : undefined}
                  aria-required
                  onChange={(event) => {
                    setAcceptedTerms(event.target.checked);
                    clearError('terms');
                  }}
                />
                <label htmlFor={fieldId('terms')} className="form-check-label">
                  {t.rich('acceptTerms', {
                    terms: (chunks) => (
                      <Link href="/pages/terms" target="_blank" rel="noopener">
                        {chunks}
                      </Link>
                    ),
                  })}
                </label>
                <FieldError id={fieldId('terms')}>{error('terms')}</FieldError>
              </div>
            </>
          )}
          <div className="d-flex gap-2 mt-4">
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => goTo((step - 1) as FormStep)}
            >
              {t('back')}
            </button>
            <button type="submit" className="btn btn-primary flex-grow-1" disabled={signup.isPending}>
              {step < 4 ? t('next') : signup.isPending ? t('submitting') : t('submit')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** Day, month and year as three selects: quick with a phone's picker wheels, no calendar to page back. */
function DateOfBirthField(props: {
  id: string;
  value: string;
  error: ReactNode;
  onChange: (value: string) => void;
}) {
  const t = useTranslations('Signup');
  const locale = useLocale();
  const parts = dateParts(props.value);
  const set = (part: keyof typeof parts, value: string) =>
    props.onChange(joinDateParts({ ...parts, [part]: value }));
  const months = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, index) => format.format(new Date(Date.UTC(2000, index, 1))));
  }, [locale]);
  const latestYear = new Date().getUTCFullYear() - MIN_AGE;
  const years = Array.from({ length: MAX_AGE_OFFERED - MIN_AGE + 1 }, (_, index) =>
    String(latestYear - index),
  );
  const pad = (n: number) => String(n).padStart(2, '0');
  const select = (part: keyof typeof parts, id: string) => ({
    id,
    className: `form-select${props.error ? ' is-invalid' : ''}`,
    value: parts[part],
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': props.error ? errorId(props.id) : undefined,
    onChange: (event: { target: { value: string } }) => set(part, event.target.value),
  });

  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-2">{t('birthLabel')}</legend>
      <div className="row g-2">
        <div className="col-3">
          <label htmlFor={props.id} className="form-label small mb-1">
            {t('day')}
          </label>
          <select {...select('day', props.id)} autoComplete="bday-day">
            <option value="">–</option>
            {Array.from({ length: 31 }, (_, index) => (
              <option key={index} value={pad(index + 1)}>
                {index + 1}
              </option>
            ))}
          </select>
        </div>
        <div className="col-5">
          <label htmlFor={`${props.id}-month`} className="form-label small mb-1">
            {t('month')}
          </label>
          <select {...select('month', `${props.id}-month`)} autoComplete="bday-month">
            <option value="">–</option>
            {months.map((name, index) => (
              <option key={name} value={pad(index + 1)}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-4">
          <label htmlFor={`${props.id}-year`} className="form-label small mb-1">
            {t('year')}
          </label>
          <select {...select('year', `${props.id}-year`)} autoComplete="bday-year">
            <option value="">–</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldError id={props.id}>{props.error}</FieldError>
    </fieldset>
  );
}

function InviteOnly(props: { headingLevel: 2 | 3; onNavigate?: () => void }) {
  const t = useTranslations('Signup');
  const Heading = `h${props.headingLevel}` as const;
  return (
    <section className="alert alert-info mb-0" aria-labelledby="signup-invite-only">
      <Heading id="signup-invite-only" className="h5">
        {t('inviteOnlyTitle')}
      </Heading>
      <p className="mb-0">
        {t.rich('inviteOnly', {
          login: (chunks) => (
            <Link href="/login" onClick={props.onNavigate}>
              {chunks}
            </Link>
          ),
        })}
      </p>
    </section>
  );
}

function AlreadyMember(props: { headingLevel: 2 | 3; onNavigate?: () => void; next?: string | null }) {
  const t = useTranslations('Signup');
  const Heading = `h${props.headingLevel}` as const;
  return (
    <section aria-labelledby="signup-already-member">
      <Heading id="signup-already-member" className="h5">
        {t('alreadyMember')}
      </Heading>
      <Link href={props.next ?? AFTER_LOGIN_PATH} className="btn btn-primary" onClick={props.onNavigate}>
        {t('continue')}
      </Link>
    </section>
  );
}
