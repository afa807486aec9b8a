'use client';

import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { useBundles, useBuyAgain, usePayment, useRepeatOrder } from '@/lib/api/payments';
import { leaveFor } from './leave-page';
import { MethodMark } from './method-mark';
import { formatMoney } from './money';
import { CheckMark, CoinMark, CrossMark } from './payment-icons';
import { LoadFailed } from './load-failed';

/** How a repeat payment went: it settles through the provider, so its state is followed here. */
function RepeatResult(props: {
  id: number;
  bundle: number;
  country: string;
  method: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const t = useTranslations('Payments');
  const { data } = usePayment(props.id);
  const payment = data?.payment;
  if (!payment || payment.state === 'pending') {
    return (
      <div className="status-card is-pending" role="status" aria-live="polite">
        <span className="status-spinner" aria-hidden="true" />
        <p className="status-title">{t('repeatProcessing')}</p>
      </div>
    );
  }
  if (payment.state === 'completed') {
    return (
      <div className="status-card is-completed" role="status" aria-live="polite">
        <span className="status-badge">
          <CheckMark size={40} />
        </span>
        <p className="status-title">{t('statusCompleted')}</p>
        <p className="status-credits">
          <CoinMark /> {t('creditsAdded', { count: payment.credits })}
        </p>
        <div className="status-actions">
          <Link href={`/transactions/${payment.id}`} className="btn btn-outline-primary">
            {t('receipt')}
          </Link>
          <Link href="/members" className="btn btn-primary">
            {t('toSearch')}
          </Link>
        </div>
      </div>
    );
  }
  // A declined stored card: try it again, or pay this bundle with PayPal (spec §8).
  return (
    <div className="status-card is-failed" role="status" aria-live="polite">
      <span className="status-badge">
        <CrossMark size={36} />
      </span>
      <p className="status-title">
        {props.method === 'creditcard' ? t('repeatDeclined') : t('statusFailed')}
      </p>
      <div className="status-actions">
        <button type="button" className="btn btn-primary" onClick={props.onRetry} disabled={props.retrying}>
          {t('repeatRetry')}
        </button>
        <Link
          href={`/credits/${props.bundle}/paypal?country=${props.country}`}
          className="btn btn-outline-primary"
        >
          {t('payWithPaypal')}
        </Link>
      </div>
    </div>
  );
}

/** `/credits/repeat-order`: buy the last bundle again in one step with the stored mandate. */
export function RepeatOrder() {
  const t = useTranslations('Payments');
  const locale = useLocale();
  const order = useRepeatOrder();
  const bundles = useBundles(order.data?.country ?? null);
  const buy = useBuyAgain();
  const [chosen, setChosen] = useState<number | null>(null);
  const [payment, setPayment] = useState<number | null>(null);
  const name = useId();

  if (order.isError) {
    return <LoadFailed message={t('loadFailed')} onRetry={() => void order.refetch()} />;
  }
  if (order.data === undefined) {
    return (
      <p className="text-body-secondary" role="status">
        {t('loading')}
      </p>
    );
  }
  if (order.data === null) {
    return (
      <div className="money-card text-center">
        <p>{t('repeatNone')}</p>
        <Link href="/credits" className="btn btn-primary">
          {t('buyFirst')}
        </Link>
      </div>
    );
  }
  const data = order.data;
  const options =
    bundles.data && bundles.data.country === data.country ? bundles.data.bundles : [data.bundle];
  const selected = options.find((b) => b.id === (chosen ?? data.bundle.id)) ?? data.bundle;
  const failure = buy.error ? readApiFailure(buy.error) : null;
  const purchase = () =>
    buy.mutate(selected.id === data.bundle.id ? null : selected.id, {
      onSuccess: (started) => {
        setPayment(started.id);
        // A provider that has the payer confirm the charge (the sandbox's confirmation step) is next.
        if (started.checkout_url) leaveFor(started.checkout_url);
      },
    });

  if (payment !== null) {
    return (
      <RepeatResult
        key={payment}
        id={payment}
        bundle={selected.id}
        country={data.country}
        method={data.method}
        retrying={buy.isPending}
        onRetry={purchase}
      />
    );
  }

  return (
    <div className="checkout">
      <section className="money-card">
        <div className="repeat-mandate">
          <MethodMark method={data.method} />
          <span>{t('repeatWith', { mandate: data.mandate })}</span>
        </div>
        <fieldset className="method-group">
          <legend className="money-section-title">{t('repeatChoose')}</legend>
          <div className="repeat-bundles">
            {options.map((bundle) => {
              const id = `${name}-${bundle.id}`;
              return (
                <div key={bundle.id} className="method-tile-wrap">
                  <input
                    type="radio"
                    className="btn-check"
                    name={name}
                    id={id}
                    checked={selected.id === bundle.id}
                    onChange={() => setChosen(bundle.id)}
                  />
                  <label className="method-tile repeat-tile" htmlFor={id}>
                    <span className="method-name">{t('creditsCount', { count: bundle.credits })}</span>
                    <span className="small text-body-secondary">
                      {formatMoney(bundle.amount, bundle.currency, locale)}
                      {bundle.id === data.bundle.id ? ` · ${t('repeatLast')}` : ''}
                    </span>
                  </label>
                </div>
              );
            })}
          </div>
        </fieldset>
      </section>
      <section className="money-card">
        {failure ? (
          <div className="alert alert-danger py-2 small" role="alert">
            {failure.message ?? t('payFailed')}
          </div>
        ) : null}
        <button
          type="button"
          className="btn btn-primary btn-lg w-100"
          disabled={buy.isPending}
          onClick={purchase}
        >
          {t('repeatBuy', {
            count: selected.credits,
            price: formatMoney(selected.amount, selected.currency, locale),
          })}
        </button>
        <p className="small text-body-secondary text-center mt-3 mb-0">{t('repeatNote')}</p>
      </section>
    </div>
  );
}
