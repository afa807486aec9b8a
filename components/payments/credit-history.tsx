'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useCreditLedger } from '@/lib/api/payments';
import { formatWhen } from './money';

/** The member's credit history on `/transactions`: every change of the credits, newest first. */
export function CreditHistory() {
  const t = useTranslations('Payments');
  const locale = useLocale();
  const format = useFormatter();
  const ledger = useCreditLedger();

  return (
    <section className="credit-history" aria-labelledby="credit-history-title">
      <h2 id="credit-history-title">{t('creditHistoryTitle')}</h2>
      {ledger.isError && !ledger.data ? (
        <div className="alert alert-danger" role="alert">
          <p className="mb-2">{t('creditHistoryFailed')}</p>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            onClick={() => void ledger.refetch()}
          >
            {t('tryAgain')}
          </button>
        </div>
      ) : !ledger.data ? (
        <p className="text-body-secondary" role="status">
          {t('loading')}
        </p>
      ) : (
        <>
          <p className="text-body-secondary">{t('creditHistoryBalance', { count: ledger.data.credits })}</p>
          {ledger.data.entries.length === 0 ? (
            <p>{t('creditHistoryEmpty')}</p>
          ) : (
            <ul className="transaction-list list-unstyled" aria-label={t('creditHistoryTitle')}>
              {ledger.data.entries.map((entry) => (
                <li key={entry.id} className="transaction-row ledger-row">
                  <span className="transaction-main">
                    <span className="fw-semibold">{t(`ledgerReasons.${entry.reason}`)}</span>
                    <span className="small text-body-secondary">{formatWhen(entry.created, locale)}</span>
                  </span>
                  <span className={`ledger-delta ${entry.delta > 0 ? 'is-plus' : 'is-minus'}`}>
                    {format.number(entry.delta, { signDisplay: 'always' })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
