'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useApi } from '@/lib/api/api-context';
import {
  directDebitBundleQuery,
  directDebitDiscountQuery,
  useConfirmDirectDebit,
  useStartDirectDebit,
  type DirectDebitStarted,
} from '@/lib/api/discounts';
import { useCompanyInfo } from '@/lib/api/hooks';
import { discountedAmount, SMS_CODE } from '@/lib/shared/values/payments';
import { FieldError, TextField, describedBy, errorId } from '../forms/form-fields';
import { leaveFor } from '../payments/leave-page';

/** How long before a new SMS code may be asked for. */
export const SMS_RESEND_AFTER_SECONDS = 30;

const FIELDS = ['account_holder', 'iban', 'street', 'house_number', 'postal_code', 'city', 'mobile'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field | 'authorisation' | 'sms_code', string>>;

const EMPTY: Values = {
  account_holder: '',
  iban: '',
  street: '',
  house_number: '',
  postal_code: '',
  city: '',
  mobile: '',
};

/** The API's error: its text, the field it names and every field's own text. */
function readFailure(error: unknown): { code: string | null; message: string | null; fields: Errors } {
  const body = (error as { response?: { data?: unknown } } | null)?.response?.data as
    | { error?: { code?: string; message?: string; field?: string; fields?: Record<string, string> } }
    | undefined;
  const failure = body?.error;
  const fields: Errors = { ...(failure?.fields ?? {}) };
  if (failure?.field && failure.message && !fields[failure.field as Field]) {
    fields[failure.field as Field] = failure.message;
  }
  return { code: failure?.code ?? null, message: failure?.message ?? null, fields };
}

function formatMinor(amount: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/**
 * The direct-debit form (spec §5): account holder, IBAN, address, mobile number and the required
 * authorisation; then the SMS code the server texted, with a new code after a while; then the
 * payment's status page. What the member typed stays when the server refuses something.
 */
export function DirectDebitForm(props: { bundle: number; country: string; code?: string }) {
  const t = useTranslations('DirectDebit');
  const tErrors = useTranslations('Errors');
  const tCommon = useTranslations('Common');
  const locale = useLocale();
  const api = useApi();
  const router = useRouter();
  const company = useCompanyInfo();
  const bundle = useQuery(directDebitBundleQuery(api, props.country, props.bundle));
  const discount = useQuery({
    ...directDebitDiscountQuery(api, props.code ?? '', props.country, props.bundle),
    enabled: Boolean(props.code),
  });
  const start = useStartDirectDebit();
  const confirm = useConfirmDirectDebit();

  const [values, setValues] = useState<Values>(EMPTY);
  const [isAuthorised, setIsAuthorised] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState<DirectDebitStarted | null>(null);
  const [smsCode, setSmsCode] = useState('');
  const [resendIn, setResendIn] = useState(0);
  const codeInput = useRef<HTMLInputElement>(null);
  const alertBox = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  useEffect(() => {
    if (sent) codeInput.current?.focus();
  }, [sent]);

  if (bundle.isPending) return <p className="text-body-secondary">{tCommon('loading')}</p>;
  if (!bundle.data) {
    return (
      <div className="alert alert-info" role="status">
        <p>{t('unavailable')}</p>
        <Link href="/credits" className="btn btn-primary">
          {t('chooseCredits')}
        </Link>
      </div>
    );
  }
  const offer = bundle.data;
  const validDiscount = discount.data?.discount ?? null;
  const amount = discountedAmount(offer.amount, validDiscount?.value_percentage ?? 0);
  const price = formatMinor(amount, offer.currency, locale);

  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const send = async () => {
    setAlert(null);
    try {
      const started = await start.mutateAsync({
        bundle: props.bundle,
        country: props.country,
        ...(validDiscount ? { code: validDiscount.code } : {}),
        ...values,
        authorisation: true,
      });
      setSent(started);
      setSmsCode('');
      setErrors({});
      setResendIn(SMS_RESEND_AFTER_SECONDS);
    } catch (error) {
      const failure = readFailure(error);
      setSent(null);
      setErrors(failure.fields);
      const isAboutFields = Object.keys(failure.fields).length > 0;
      setAlert(isAboutFields ? null : (failure.message ?? tErrors('internal_error')));
      if (!isAboutFields) requestAnimationFrame(() => alertBox.current?.focus());
      else {
        const first = [...FIELDS, 'authorisation'].find((field) => failure.fields[field as Field]);
        if (first) document.getElementById(`dd-${first}`)?.focus();
      }
    }
  };

  const submitForm = (event: FormEvent) => {
    event.preventDefault();
    const missing: Errors = {};
    for (const field of FIELDS) if (!values[field].trim()) missing[field] = t('required');
    if (!isAuthorised) missing.authorisation = t('authorisationRequired');
    setErrors(missing);
    const first = [...FIELDS, 'authorisation'].find((field) => missing[field as Field]);
    if (first) {
      document.getElementById(`dd-${first}`)?.focus();
      return;
    }
    void send();
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!sent) return;
    if (!new RegExp(`^\\d{${SMS_CODE.length}}$`).test(smsCode.trim())) {
      setErrors({ sms_code: t('codeFormat', { length: SMS_CODE.length }) });
      codeInput.current?.focus();
      return;
    }
    setErrors({});
    setAlert(null);
    try {
      const payment = await confirm.mutateAsync({ request: sent.request, sms_code: smsCode.trim() });
      // A provider that has the payer confirm the charge (the sandbox's confirmation step) is next.
      if (payment.checkout_url) leaveFor(payment.checkout_url);
      else router.push(`/transactions/${payment.id}`);
    } catch (error) {
      const failure = readFailure(error);
      if (failure.code === 'sms_code_expired') setResendIn(0);
      if (failure.code === 'sms_code_invalid' || failure.code === 'sms_code_expired') {
        setErrors({ sms_code: failure.message ?? tErrors('internal_error') });
        codeInput.current?.focus();
      } else {
        setAlert(failure.message ?? tErrors('internal_error'));
        requestAnimationFrame(() => alertBox.current?.focus());
      }
    }
  };

  const field = (name: Field, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={`dd-${name}`}
      label={label}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      isRequired
      {...extra}
    />
  );

  return (
    <div className="direct-debit">
      <div className="direct-debit-summary" data-testid="direct-debit-summary">
        <span>
          {t('summary', { credits: offer.credits, amount: price })}
          {validDiscount && (
            <s className="ms-2 fw-normal text-body-secondary" data-testid="direct-debit-list-price">
              {formatMinor(offer.amount, offer.currency, locale)}
            </s>
          )}
        </span>
        {validDiscount && (
          <span className="text-body-secondary fw-semibold">
            {t('discount', { percentage: validDiscount.value_percentage, code: validDiscount.code })}
          </span>
        )}
      </div>
      {discount.data?.error && (
        <div className="alert alert-warning" role="status">
          {discount.data.error}
        </div>
      )}
      <div ref={alertBox} tabIndex={-1} aria-live="assertive">
        {alert && (
          <div className="alert alert-danger" role="alert" data-testid="direct-debit-alert">
            {alert}
          </div>
        )}
      </div>

      {!sent ? (
        <form className="direct-debit-card" noValidate onSubmit={submitForm} aria-label={t('title')}>
          <fieldset className="mb-2">
            <legend className="h6 mb-3">{t('bankDetails')}</legend>
            {field('account_holder', t('accountHolder'), { autoComplete: 'name', maxLength: 120 })}
            {field('iban', t('iban'), { hint: t('ibanHint'), autoComplete: 'off', maxLength: 42 })}
          </fieldset>
          <fieldset className="mb-2">
            <legend className="h6 mb-3">{t('address')}</legend>
            <div className="row g-2">
              {/* Phones: the street on its own line, so no label wraps beside a narrow field. */}
              <div className="col-12 col-sm-8">
                {field('street', t('street'), { autoComplete: 'address-line1', maxLength: 120 })}
              </div>
              <div className="col-5 col-sm-4">
                {field('house_number', t('houseNumber'), { maxLength: 20 })}
              </div>
              <div className="col-7 col-sm-5">
                {field('postal_code', t('postalCode'), { autoComplete: 'postal-code', maxLength: 12 })}
              </div>
              <div className="col-12 col-sm-7">
                {field('city', t('city'), { autoComplete: 'address-level2', maxLength: 80 })}
              </div>
            </div>
          </fieldset>
          {field('mobile', t('mobile'), {
            hint: t('mobileHint'),
            autoComplete: 'tel',
            inputMode: 'tel',
            maxLength: 24,
          })}
          <div className="form-check mb-3">
            <input
              id="dd-authorisation"
              type="checkbox"
              className={`form-check-input${errors.authorisation ? ' is-invalid' : ''}`}
              checked={isAuthorised}
              onChange={(event) => setIsAuthorised(event.target.checked)}
              aria-required
              aria-invalid={errors.authorisation ? true : undefined}
              aria-describedby={describedBy('dd-authorisation', { error: errors.authorisation })}
            />
            <label htmlFor="dd-authorisation" className="form-check-label direct-debit-mandate">
              {t('authorisation', { company: company.data?.name ?? '…', amount: price })}
            </label>
            <FieldError id="dd-authorisation">{errors.authorisation}</FieldError>
          </div>
          <button type="submit" className="btn btn-primary btn-lg w-100" disabled={start.isPending}>
            {start.isPending ? t('sending') : t('submit')}
          </button>
        </form>
      ) : (
        <form className="direct-debit-card" noValidate onSubmit={submitCode} aria-labelledby="dd-code-title">
          <h2 id="dd-code-title" className="h5">
            {t('codeTitle')}
          </h2>
          <p>
            {t('codeSent', {
              length: SMS_CODE.length,
              number: sent.sent_to,
              time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(
                new Date(sent.expires),
              ),
            })}
          </p>
          <div className="mb-3">
            <label htmlFor="dd-sms_code" className="form-label">
              {t('codeLabel')}
            </label>
            <input
              ref={codeInput}
              id="dd-sms_code"
              name="sms_code"
              className={`form-control sms-code-input${errors.sms_code ? ' is-invalid' : ''}`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={SMS_CODE.length}
              value={smsCode}
              onChange={(event) => setSmsCode(event.target.value.replace(/\D/g, ''))}
              aria-invalid={errors.sms_code ? true : undefined}
              aria-describedby={errors.sms_code ? errorId('dd-sms_code') : undefined}
            />
            <FieldError id="dd-sms_code">{errors.sms_code}</FieldError>
          </div>
          <button type="submit" className="btn btn-primary btn-lg w-100 mb-3" disabled={confirm.isPending}>
            {confirm.isPending ? t('confirming') : t('confirm')}
          </button>
          <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center">
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={resendIn > 0 || start.isPending}
              onClick={() => void send()}
            >
              {t('resend')}
            </button>
            <button type="button" className="btn btn-link" onClick={() => setSent(null)}>
              {t('change')}
            </button>
          </div>
          {resendIn > 0 && (
            <p className="small text-body-secondary mt-2 mb-0" data-testid="resend-in">
              {t('resendIn', { seconds: resendIn })}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
