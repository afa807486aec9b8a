'use client';

import Link from 'next/link';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { useTransactions } from '@/lib/api/payments';
import { CreditHistory } from './credit-history';
import { MethodMark } from './method-mark';
import { formatMoney, formatWhen } from './money';
import { useMethodName } from './payment-status';

/**
 * `/transactions`: the member's purchases, newest first, each opening its receipt; below them every
 * change of the credits (spending, refunds, customer service's corrections).
 */
export function TransactionsList() {
  const t = useTranslations('Payments');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const methodName = useMethodName();
  const list = useTransactions();

  return (
    <div className="money-page">
      <h1 className="money-title">{t('transactionsTitle')}</h1>
      {list.isError && !list.data ? (
        <div className="alert alert-danger" role="alert">
          <p className="mb-2">{t('transactionsFailed')}</p>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void list.refetch()}>
            {t('tryAgain')}
          </button>
        </div>
      ) : !list.data ? (
        <p className="text-body-secondary" role="status">
          {t('loading')}
        </p>
      ) : list.data.payments.length === 0 ? (
        <div className="money-card text-center">
          <p>{t('noTransactions')}</p>
          <Link href="/credits" className="btn btn-primary">
            {t('buyFirst')}
          </Link>
        </div>
      ) : (
        <ul className="transaction-list list-unstyled">
          {list.data.payments.map((payment) => (
            <li key={payment.id}>
              <Link href={`/transactions/${payment.id}`} className="transaction-row">
                <MethodMark method={payment.method} />
                <span className="transaction-main">
                  <span className="fw-semibold">{t('creditsCount', { count: payment.credits })}</span>
                  <span className="small text-body-secondary">
                    {formatWhen(payment.created, locale, timeZone)} · {methodName(payment.method)}
                    {payment.discount_code
                      ? ` · ${t('discountAppliedShort', { code: payment.discount_code, percentage: payment.discount_percentage })}`
                      : ''}
                  </span>
                </span>
                <span className="transaction-side">
                  <span className="fw-semibold">{formatMoney(payment.amount, payment.currency, locale)}</span>
                  <span className={`state-pill is-${payment.state}`}>{t(`states.${payment.state}`)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <CreditHistory />
    </div>
  );
}
