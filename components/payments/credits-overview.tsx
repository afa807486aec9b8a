'use client';

import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { useActiveDiscount } from '@/components/discounts/use-active-discount';
import { usePaymentCountryName as useCountryName } from './country-name';
import { useUser } from '@/lib/api/hooks';
import { useBundles, usePaymentCountry, useRepeatOrder } from '@/lib/api/payments';
import type { BundlesResponse } from '@/lib/shared/schemas/payments';
import { discountedAmount } from '@/lib/shared/values/payments';
import { BundlePrice, type ShownDiscount } from './bundle-price';
import { formatPerCredit } from './money';
import { CoinMark, ShieldMark } from './payment-icons';
import { LoadFailed } from './load-failed';

/** The payment-country picker: the bundles, prices and methods follow it, and it is remembered. */
export function CountryPicker(props: { data: BundlesResponse; onPick: (country: string) => void }) {
  const t = useTranslations('Payments');
  const countryName = useCountryName();
  const id = useId();
  if (props.data.countries.length < 2) return null;
  return (
    <div className="payment-country">
      <label htmlFor={id} className="form-label small fw-semibold mb-1">
        {t('country')}
      </label>
      <select
        id={id}
        className="form-select"
        value={props.data.country}
        onChange={(event) => props.onPick(event.target.value)}
      >
        {props.data.countries
          .map((code) => ({ code, name: countryName(code) }))
          .sort((a, b) => a.name.localeCompare(b.name))
          .map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
      </select>
    </div>
  );
}

/** The bundles as cards: credits, price (with the discount), price per credit, best value. */
export function BundleList(props: {
  data: BundlesResponse;
  discount: ShownDiscount | null;
  /** Where each bundle leads (checkout for members, signup for visitors). */
  hrefOf: (bundle: number) => string;
  actionLabel: (credits: number) => string;
  /** The visible text of each bundle's link (its label starts with it). */
  actionText?: string;
}) {
  const t = useTranslations('Payments');
  const locale = useLocale();
  return (
    <ul className="bundle-list list-unstyled" aria-label={t('bundles')}>
      {props.data.bundles.map((bundle) => {
        const pay = props.discount
          ? discountedAmount(bundle.amount, props.discount.percentage)
          : bundle.amount;
        const perCredit = formatPerCredit(pay, bundle.credits, bundle.currency, locale);
        return (
          <li key={bundle.id} className={`bundle-card${bundle.best_value ? ' is-best' : ''}`}>
            {bundle.best_value ? <span className="bundle-ribbon">{t('bestValue')}</span> : null}
            <div className="bundle-credits">
              <CoinMark />
              <span>{t('creditsCount', { count: bundle.credits })}</span>
            </div>
            <div className="bundle-amount">
              <BundlePrice bundle={bundle} discount={props.discount} />
            </div>
            <div className="bundle-per-credit">{t('perCredit', { price: perCredit })}</div>
            <Link
              href={props.hrefOf(bundle.id)}
              className={`btn ${bundle.best_value ? 'btn-primary' : 'btn-outline-primary'} bundle-action`}
              aria-label={props.actionLabel(bundle.credits)}
              prefetch={false}
            >
              {props.actionText ?? t('choose')}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The discount that applies now, as the credits page announces it. */
export function DiscountBanner(props: { discount: ShownDiscount }) {
  const t = useTranslations('Payments');
  return (
    <p className="discount-banner">
      <span className="discount-banner-pct">−{props.discount.percentage}%</span>
      <span>
        {t('discountApplied', { percentage: props.discount.percentage, code: props.discount.code })}
      </span>
    </p>
  );
}

/** `/credits`: the bundles of the payment country, the active discount, and the way to repeat an order. */
export function CreditsOverview() {
  const t = useTranslations('Payments');
  const { data: user } = useUser();
  const [remembered, pickCountry] = usePaymentCountry();
  const bundles = useBundles(remembered);
  const active = useActiveDiscount();
  const repeat = useRepeatOrder(Boolean(user));
  const discount: ShownDiscount | null = active ? { code: active.code, percentage: active.percentage } : null;
  const data = bundles.data;
  const country = data?.country ?? remembered;
  const hrefOf = (bundle: number) => {
    const base = `/credits/${bundle}`;
    const query = new URLSearchParams();
    if (country) query.set('country', country);
    if (discount) query.set('code', discount.code);
    const qs = query.toString();
    return qs ? `${base}?${qs}` : base;
  };

  return (
    <div className="money-page">
      <header className="money-hero">
        <h1 className="money-title">{t('creditsTitle')}</h1>
        <p className="money-lead">{t('creditsIntro')}</p>
        {user ? (
          <p className="money-balance">
            <CoinMark /> {t('balance', { count: user.credits })}
          </p>
        ) : null}
      </header>

      {repeat.data ? (
        <Link href="/credits/repeat-order" className="repeat-order-link">
          <span className="fw-semibold">{t('repeatOrderLink')}</span>
          <span className="small text-body-secondary">{repeat.data.mandate}</span>
        </Link>
      ) : null}

      {discount ? <DiscountBanner discount={discount} /> : null}

      {bundles.isError && !data ? (
        <LoadFailed message={t('loadFailed')} onRetry={() => void bundles.refetch()} />
      ) : !data ? (
        <p className="text-body-secondary" role="status">
          {t('loading')}
        </p>
      ) : (
        <>
          <CountryPicker data={data} onPick={pickCountry} />
          <BundleList
            data={data}
            discount={discount}
            hrefOf={hrefOf}
            actionLabel={(credits) => t('chooseBundle', { count: credits })}
          />
          <ul className="money-assurances list-unstyled">
            <li>
              <ShieldMark /> {t('refund', { refund_days: data.refund_days })}
            </li>
            <li>
              <ShieldMark /> {t('noSubscription')}
            </li>
            {user && !user.paid_user ? (
              <li>
                <ShieldMark /> {t('premiumIncluded')}
              </li>
            ) : null}
          </ul>
          <p className="text-center small">
            <Link href="/transactions">{t('transactionsLink')}</Link>
          </p>
        </>
      )}
    </div>
  );
}
