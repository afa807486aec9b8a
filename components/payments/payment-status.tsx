'use client';

import Link from 'next/link';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { useCompanyInfo } from '@/lib/api/hooks';
import { readApiFailure } from '@/lib/api/auth';
import { useBundles, usePayment, useTransactions } from '@/lib/api/payments';
import { hasFeaturePage } from '@/lib/shared/feature-pages';
import type { Payment } from '@/lib/shared/schemas/payments';
import { isPaymentMethod } from '@/lib/shared/values/payments';
import { formatMoney, formatWhen } from './money';
import { CheckMark, ClockMark, CoinMark, CrossMark, CrownMark } from './payment-icons';

/** The receipt of a payment: what was bought, when, how, for how much, from whom. */
export function Receipt(props: { payment: Payment }) {
  const t = useTranslations('Payments');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { data: company } = useCompanyInfo();
  const methodName = useMethodName();
  const { payment } = props;
  const money = (amount: number) => formatMoney(amount, payment.currency, locale);
  return (
    <section className="money-card receipt" aria-labelledby="receipt-title">
      <div className="d-flex align-items-center justify-content-between gap-2 mb-3">
        <h2 id="receipt-title" className="h5 mb-0">
          {t('receipt')}
        </h2>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm d-print-none"
          onClick={() => window.print()}
        >
          {t('print')}
        </button>
      </div>
      <dl className="summary-lines">
        <div>
          <dt>{t('receiptNumber')}</dt>
          <dd>{payment.id}</dd>
        </div>
        <div>
          <dt>{t('date')}</dt>
          <dd>{formatWhen(payment.paid_at ?? payment.created, locale, timeZone)}</dd>
        </div>
        <div>
          <dt>{t('bundle')}</dt>
          <dd>{t('creditsCount', { count: payment.credits })}</dd>
        </div>
        <div>
          <dt>{t('method')}</dt>
          <dd>{methodName(payment.method)}</dd>
        </div>
        {payment.discount_code ? (
          <>
            <div>
              <dt>{t('subtotal')}</dt>
              <dd>{money(payment.list_amount)}</dd>
            </div>
            <div>
              <dt>
                {t('discount', { percentage: payment.discount_percentage, code: payment.discount_code })}
              </dt>
              <dd>−{money(payment.list_amount - payment.amount)}</dd>
            </div>
          </>
        ) : null}
        <div className="summary-total">
          <dt>{t('amount')}</dt>
          <dd>{money(payment.amount)}</dd>
        </div>
        {payment.reversed_amount > 0 ? (
          <div>
            <dt>{t('refunded')}</dt>
            <dd>−{money(payment.reversed_amount)}</dd>
          </div>
        ) : null}
      </dl>
      {company ? (
        <address className="receipt-seller small text-body-secondary mb-0">
          <strong>{company.name}</strong>
          <br />
          {company.address}, {company.city}
          {company.kvk ? (
            <>
              <br />
              {t('kvk')}: {company.kvk}
            </>
          ) : null}
          {company.vat_numbers?.length ? (
            <>
              <br />
              {t('vat')}: {company.vat_numbers.join(', ')}
            </>
          ) : null}
        </address>
      ) : null}
    </section>
  );
}

/** A method's name (brand names stay as they are; the rest in the member's language). */
export function useMethodName(): (method: string) => string {
  const t = useTranslations('Payments.methods');
  return (method) => (isPaymentMethod(method) ? t(method) : method);
}

/**
 * The retry of a failed payment: back to checkout of the same bundle in the same payment country,
 * known from the payment itself (the link is right from the first paint). A bundle no longer on sale
 * there is replaced by the one of the same credits and currency, or the member picks again.
 */
function useRetryHref(payment: Payment | undefined): string {
  const bundles = useBundles(payment?.country ?? null, payment !== undefined);
  if (!payment) return '/credits';
  const onSale = bundles.data?.bundles;
  const bundleId = onSale
    ? (
        onSale.find((b) => b.id === payment.bundle) ??
        onSale.find((b) => b.credits === payment.credits && b.currency === payment.currency)
      )?.id
    : payment.bundle;
  if (bundleId === undefined) return '/credits';
  const country = bundles.data?.country ?? payment.country;
  return `/credits/${bundleId}/${payment.method}?country=${country}`;
}

/** Whether a completed payment is the member's first purchase (premium began with it). */
function useIsFirstPurchase(payment: Payment | undefined): boolean {
  const list = useTransactions(payment?.state === 'completed');
  if (!payment || payment.state !== 'completed' || !list.data) return false;
  const completed = list.data.payments.filter((p) => p.state === 'completed' || p.paid_at !== null);
  return completed.length === 1 && completed[0]?.id === payment.id;
}

/**
 * `/transactions/{id}`: the payment's state. Pending listens for `payment-updated` (the server
 * events bridge) and asks again every few seconds; each change is announced politely.
 */
export function PaymentStatus(props: { id: number }) {
  const t = useTranslations('Payments');
  const query = usePayment(props.id);
  const payment = query.data?.payment;
  const retryHref = useRetryHref(
    payment?.state === 'failed' || payment?.state === 'cancelled' || payment?.state === 'expired'
      ? payment
      : undefined,
  );
  const firstPurchase = useIsFirstPurchase(payment);
  const failure = query.error ? readApiFailure(query.error) : null;

  let body: React.ReactNode;
  if (!payment) {
    body =
      failure?.status === 404 ? (
        <div className="status-card">
          <p className="status-title">{t('paymentNotFound')}</p>
          <Link href="/transactions" className="btn btn-outline-primary">
            {t('transactionsLink')}
          </Link>
        </div>
      ) : failure ? (
        <div className="status-card">
          <p className="status-title">{t('statusLoadFailed')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
            {t('tryAgain')}
          </button>
        </div>
      ) : (
        <div className="status-card is-pending">
          <span className="status-spinner" aria-hidden="true" />
          <p className="status-title">{t('statusLoading')}</p>
        </div>
      );
  } else if (payment.state === 'pending') {
    body = (
      <div className="status-card is-pending">
        <span className="status-badge">
          <ClockMark size={36} />
        </span>
        <p className="status-title">{t('statusPending')}</p>
        <p className="text-body-secondary">{t(payment.held ? 'statusHeldHelp' : 'statusPendingHelp')}</p>
        {payment.checkout_url ? (
          <a href={payment.checkout_url} className="btn btn-outline-primary">
            {t('completePayment')}
          </a>
        ) : null}
      </div>
    );
  } else if (payment.state === 'completed') {
    body = (
      <div className="status-card is-completed">
        <span className="status-badge">
          <CheckMark size={40} />
        </span>
        <p className="status-title">{t('statusCompleted')}</p>
        <p className="status-credits">
          <CoinMark /> {t('creditsAdded', { count: payment.credits })}
        </p>
        {firstPurchase ? (
          <div className="premium-welcome">
            <CrownMark size={28} />
            <div>
              <p className="fw-bold mb-1">{t('premiumWelcome')}</p>
              <p className="mb-0 small">{t('premiumWelcomeText')}</p>
            </div>
          </div>
        ) : null}
        <div className="status-actions">
          {hasFeaturePage('/chats') ? (
            <Link href="/chats" className="btn btn-primary">
              {t('toChats')}
            </Link>
          ) : null}
          <Link href="/members" className="btn btn-outline-primary">
            {t('toSearch')}
          </Link>
        </div>
      </div>
    );
  } else {
    const isExpired = payment.state === 'expired';
    body = (
      <div className="status-card is-failed">
        <span className="status-badge">{isExpired ? <ClockMark size={36} /> : <CrossMark size={36} />}</span>
        <p className="status-title">{isExpired ? t('statusExpired') : t('statusFailed')}</p>
        <p className="text-body-secondary">{isExpired ? t('statusExpiredHelp') : t('statusFailedHelp')}</p>
        <div className="status-actions">
          <Link href={retryHref} className="btn btn-primary">
            {t('retry')}
          </Link>
          <Link href="/credits" className="btn btn-outline-primary">
            {t('otherBundle')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="money-page">
      <h1 className="money-title text-center">{t('statusTitle')}</h1>
      <div role="status" aria-live="polite" aria-atomic="true">
        {body}
      </div>
      {payment?.state === 'completed' ? <Receipt payment={payment} /> : null}
      <p className="text-center small mt-3 d-print-none">
        <Link href="/transactions">{t('transactionsLink')}</Link>
      </p>
    </div>
  );
}
