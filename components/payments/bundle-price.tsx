'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { Bundle } from '@/lib/shared/schemas/payments';
import { discountedAmount } from '@/lib/shared/values/payments';
import { formatMoney } from './money';

/** A discount as a bundle shows it. */
export interface ShownDiscount {
  code: string;
  percentage: number;
}

/** A bundle's price: with a discount, the list price struck through beside the price to pay. */
export function BundlePrice(props: {
  bundle: Pick<Bundle, 'amount' | 'currency'>;
  discount: ShownDiscount | null;
}) {
  const t = useTranslations('Payments');
  const locale = useLocale();
  const { amount, currency } = props.bundle;
  const list = formatMoney(amount, currency, locale);
  if (!props.discount || props.discount.percentage <= 0)
    return <span className="bundle-price-now">{list}</span>;
  const now = formatMoney(discountedAmount(amount, props.discount.percentage), currency, locale);
  return (
    <span className="bundle-price">
      <s className="bundle-price-list">
        <span className="visually-hidden">{t('listPrice')} </span>
        {list}
      </s>{' '}
      <span className="bundle-price-now">
        <span className="visually-hidden">{t('nowPrice')} </span>
        {now}
      </span>
    </span>
  );
}
