'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useActiveDiscount } from '@/components/discounts/use-active-discount';
import { readApiFailure } from '@/lib/api/auth';
import {
  useBundles,
  useDiscountLookup,
  usePaymentCountry,
  usePaymentMethods,
  useStartPayment,
} from '@/lib/api/payments';
import type { Bundle } from '@/lib/shared/schemas/payments';
import { discountedAmount, isPaymentMethod, type PaymentMethod } from '@/lib/shared/values/payments';
import { CountryPicker } from './credits-overview';
import { leaveFor } from './leave-page';
import { MethodMark } from './method-mark';
import { formatMoney } from './money';
import { CoinMark, ShieldMark } from './payment-icons';
import { LoadFailed } from './load-failed';

interface AppliedCode {
  code: string;
  percentage: number;
}

/** Why a code does not apply, in the member's language (the server's text where it says why). */
function useDiscountError() {
  const t = useTranslations('Payments');
  return (error: unknown): string => {
    const failure = readApiFailure(error);
    if (failure.code === 'discount_not_found') return t('discountNotFound');
    if (failure.code === 'discount_used') return t('discountUsed');
    // The server says which payment holds the code, in the member's language.
    if (failure.code === 'discount_reserved') return failure.message ?? t('discountUsed');
    if (failure.code === 'discount_not_applicable') return failure.message ?? t('discountNotApplicable');
    return t('discountFailed');
  };
}

/** The methods as big tiles in one radio group (arrow keys move between them). */
function MethodTiles(props: {
  methods: readonly PaymentMethod[];
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  blockedNote: string | null;
}) {
  const t = useTranslations('Payments');
  const name = useId();
  return (
    <fieldset className="method-group">
      <legend className="money-section-title">{t('methodsLegend')}</legend>
      <div className="method-tiles">
        {props.methods.map((method) => {
          const id = `${name}-${method}`;
          return (
            <div key={method} className="method-tile-wrap">
              <input
                type="radio"
                className="btn-check"
                name={name}
                id={id}
                value={method}
                checked={props.value === method}
                onChange={() => props.onChange(method)}
              />
              <label className="method-tile" htmlFor={id}>
                <MethodMark method={method} />
                <span className="method-name">{t(`methods.${method}`)}</span>
              </label>
            </div>
          );
        })}
      </div>
      {props.blockedNote ? <p className="small text-danger mt-2 mb-0">{props.blockedNote}</p> : null}
    </fieldset>
  );
}

/** The discount-code field: apply looks the code up for this order; the applied % or why not shows. */
function DiscountField(props: {
  applied: AppliedCode | null;
  onApply: (code: string) => void;
  onRemove: () => void;
  pending: boolean;
  error: string | null;
  initial: string;
}) {
  const t = useTranslations('Payments');
  const id = useId();
  const [text, setText] = useState(props.initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) props.onApply(text.trim());
  };
  if (props.applied) {
    return (
      <div className="discount-applied" role="status">
        <span className="discount-chip">−{props.applied.percentage}%</span>
        <span className="flex-grow-1">
          {t('discountAppliedShort', { code: props.applied.code, percentage: props.applied.percentage })}
        </span>
        <button type="button" className="btn btn-link btn-sm" onClick={props.onRemove}>
          {t('remove')}
        </button>
      </div>
    );
  }
  return (
    <form className="discount-form" onSubmit={submit} noValidate>
      <label htmlFor={id} className="form-label small fw-semibold mb-1">
        {t('discountLabel')}
      </label>
      <div className="input-group">
        <input
          id={id}
          className={`form-control${props.error ? ' is-invalid' : ''}`}
          value={text}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn btn-outline-secondary" disabled={props.pending || !text.trim()}>
          {t('apply')}
        </button>
      </div>
      {props.error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
          {props.error}
        </div>
      ) : null}
    </form>
  );
}

/** `/credits/{id}/{paymentmethod?}`: the bundle, the methods of the payment country, a code, and Pay. */
export function Checkout(props: {
  bundle: number;
  method: string | null;
  country: string | null;
  code: string | null;
}) {
  const t = useTranslations('Payments');
  const locale = useLocale();
  const [remembered, pickCountry] = usePaymentCountry();
  const [askedCountry, setAskedCountry] = useState(props.country);
  const bundles = useBundles(askedCountry ?? remembered);
  const country = bundles.data?.country ?? null;
  const bundle: Bundle | undefined = bundles.data?.bundles.find((b) => b.id === props.bundle);
  const active = useActiveDiscount();

  if (bundles.isError && !bundles.data) {
    return <LoadFailed message={t('loadFailed')} onRetry={() => void bundles.refetch()} />;
  }
  if (!bundles.data || !country) {
    return (
      <p className="text-body-secondary" role="status">
        {t('loading')}
      </p>
    );
  }
  if (!bundle) {
    return (
      <div className="money-card text-center">
        <p>{t('bundleNotFound')}</p>
        <Link href="/credits" className="btn btn-primary">
          {t('backToBundles')}
        </Link>
      </div>
    );
  }
  return (
    <CheckoutForm
      key={`${country}-${bundle.id}`}
      bundle={bundle}
      country={country}
      initialMethod={props.method && isPaymentMethod(props.method) ? props.method : null}
      initialCode={props.code ?? active?.code ?? null}
      countryPicker={
        <CountryPicker
          data={bundles.data}
          onPick={(next) => {
            pickCountry(next);
            setAskedCountry(next);
          }}
        />
      }
      formatAmount={(amount) => formatMoney(amount, bundle.currency, locale)}
    />
  );
}

function CheckoutForm(props: {
  bundle: Bundle;
  country: string;
  initialMethod: PaymentMethod | null;
  initialCode: string | null;
  countryPicker: React.ReactNode;
  formatAmount: (amount: number) => string;
}) {
  const t = useTranslations('Payments');
  const { bundle, country } = props;
  const methods = usePaymentMethods(country, bundle.id);
  const lookup = useDiscountLookup();
  const start = useStartPayment();
  const discountError = useDiscountError();
  const [method, setMethod] = useState<PaymentMethod | null>(props.initialMethod);
  const [applied, setApplied] = useState<AppliedCode | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const autoTried = useRef(false);
  const router = useRouter();

  const offered = (methods.data?.methods ?? []).filter(
    (m) => !(m === 'directdebit' && methods.data?.direct_debit_blocked),
  );
  const chosen = method && offered.includes(method) ? method : null;

  const apply = (code: string, quiet = false) => {
    setCodeError(null);
    lookup.mutate(
      { code, country, bundle: bundle.id, method: chosen },
      {
        onSuccess: (found) => setApplied({ code: found.code, percentage: found.value_percentage }),
        onError: (error) => {
          // The code the member came with is tried quietly; that it is on an unfinished payment is told.
          if (!quiet || readApiFailure(error).code === 'discount_reserved')
            setCodeError(discountError(error));
        },
      },
    );
  };

  // The code the member came with (the active discount, or a link's) is applied once by itself,
  // also when the active discount is known only after the page opened; when it does not fit this
  // order, the field simply stays open.
  useEffect(() => {
    if (autoTried.current || !props.initialCode) return;
    autoTried.current = true;
    apply(props.initialCode, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.initialCode]);

  const choose = (next: PaymentMethod) => {
    setMethod(next);
    start.reset();
    // The address names the method, so a reload or a shared link keeps it.
    window.history.replaceState(null, '', `/credits/${bundle.id}/${next}${window.location.search}`);
  };

  const total = discountedAmount(bundle.amount, applied?.percentage ?? 0);
  const failure = start.error ? readApiFailure(start.error) : null;

  const pay = () => {
    if (!chosen) return;
    start.mutate(
      { bundle: bundle.id, method: chosen, country, ...(applied ? { code: applied.code } : {}) },
      {
        onSuccess: (payment) => {
          if (payment.checkout_url) {
            setLeaving(true);
            leaveFor(payment.checkout_url);
          } else {
            router.push(`/transactions/${payment.id}`);
          }
        },
      },
    );
  };

  const directDebitHref = () => {
    const query = new URLSearchParams({ bundle: String(bundle.id), country });
    if (applied) query.set('code', applied.code);
    return `/directdebit?${query.toString()}`;
  };

  return (
    <div className="checkout">
      <section className="money-card checkout-bundle" aria-labelledby="checkout-bundle-title">
        <div className="d-flex align-items-center gap-3">
          <span className="checkout-coin">
            <CoinMark size={28} />
          </span>
          <div className="flex-grow-1">
            <h2 id="checkout-bundle-title" className="h5 mb-0">
              {t('creditsCount', { count: bundle.credits })}
            </h2>
            <p className="small text-body-secondary mb-0">{props.formatAmount(bundle.amount)}</p>
          </div>
          <Link href="/credits" className="btn btn-link btn-sm">
            {t('change')}
          </Link>
        </div>
        {props.countryPicker}
      </section>

      <section className="money-card">
        {methods.isError && !methods.data ? (
          <LoadFailed message={t('methodsFailed')} onRetry={() => void methods.refetch()} className="mb-0" />
        ) : !methods.data ? (
          <p className="text-body-secondary mb-0" role="status">
            {t('loading')}
          </p>
        ) : offered.length === 0 ? (
          <p className="mb-0">{t('noMethods')}</p>
        ) : (
          <MethodTiles
            methods={offered}
            value={chosen}
            onChange={choose}
            blockedNote={methods.data.direct_debit_blocked ? t('directDebitBlocked') : null}
          />
        )}
      </section>

      <section className="money-card">
        <DiscountField
          applied={applied}
          initial={props.initialCode ?? ''}
          pending={lookup.isPending}
          error={codeError}
          onApply={(code) => apply(code)}
          onRemove={() => {
            setApplied(null);
            lookup.reset();
          }}
        />
      </section>

      <section className="money-card checkout-summary" aria-labelledby="checkout-total-title">
        <h2 id="checkout-total-title" className="visually-hidden">
          {t('total')}
        </h2>
        <dl className="summary-lines">
          <div>
            <dt>{t('subtotal')}</dt>
            <dd>{props.formatAmount(bundle.amount)}</dd>
          </div>
          {applied ? (
            <div className="text-success-emphasis">
              <dt>{t('discount', { percentage: applied.percentage, code: applied.code })}</dt>
              <dd>−{props.formatAmount(bundle.amount - total)}</dd>
            </div>
          ) : null}
          <div className="summary-total">
            <dt>{t('total')}</dt>
            <dd>{props.formatAmount(total)}</dd>
          </div>
        </dl>
        {failure ? (
          <div className="alert alert-danger py-2 small" role="alert">
            {failure.code === 'discount_not_found' ||
            failure.code === 'discount_used' ||
            failure.code === 'discount_reserved' ||
            failure.code === 'discount_not_applicable'
              ? discountError(start.error)
              : (failure.message ?? t('payFailed'))}
          </div>
        ) : null}
        {chosen === 'directdebit' ? (
          <Link href={directDebitHref()} className="btn btn-primary btn-lg w-100">
            {t('continueDirectDebit')}
          </Link>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-lg w-100"
            disabled={!chosen || start.isPending || leaving}
            onClick={pay}
          >
            {start.isPending || leaving ? t('redirecting') : t('pay', { amount: props.formatAmount(total) })}
          </button>
        )}
        {!chosen && offered.length > 0 ? (
          <p className="small text-body-secondary text-center mt-2 mb-0">{t('chooseMethod')}</p>
        ) : null}
        <p className="small text-body-secondary text-center mt-3 mb-0 d-flex align-items-center justify-content-center gap-1">
          <ShieldMark size={16} /> {t('securePayment')}
        </p>
      </section>
    </div>
  );
}
