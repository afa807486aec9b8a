'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { useSandboxOutcome, useSandboxPayment } from '@/lib/api/payments';
import { SANDBOX_OUTCOMES, type SandboxOutcome } from '@/lib/shared/values/payments';
import { MemberOnly } from '../account/member-only';
import { leaveFor } from './leave-page';
import { MethodMark } from './method-mark';
import { formatMoney } from './money';
import { useMethodName } from './payment-status';

const OUTCOME_STYLE: Record<SandboxOutcome, string> = {
  paid: 'btn-success',
  failed: 'btn-outline-danger',
  canceled: 'btn-outline-secondary',
  pending: 'btn-outline-secondary',
  expired: 'btn-outline-secondary',
};

/**
 * `/sandbox/checkout/{id}`: the test payment service's own "bank" page, for the payer alone. The
 * payer picks what the payment becomes; the service then tells the app (its webhook) and sends the
 * payer back. A charge on a stored card or mandate (a repeat order, a direct debit) comes here as its
 * confirmation step: the payer picks the bank's answer.
 */
export function SandboxCheckout(props: { id: string }) {
  const t = useTranslations('Payments');
  return (
    <div className="sandbox-page">
      <div className="sandbox-card">
        <p className="sandbox-label">
          <span className="sandbox-dot" aria-hidden="true" />
          {t('sandboxTitle')}
        </p>
        <h1 className="h4 mb-1">{t('sandboxHeading')}</h1>
        {/* The payer's own session only: to anyone else the payment does not exist. */}
        <MemberOnly redirect={`/sandbox/checkout/${props.id}`} message={t('sandboxLogin')}>
          <SandboxChoice id={props.id} />
        </MemberOnly>
      </div>
    </div>
  );
}

/** The payment and the outcomes to pick from, for its payer. */
function SandboxChoice(props: { id: string }) {
  const t = useTranslations('Payments');
  const locale = useLocale();
  const methodName = useMethodName();
  const query = useSandboxPayment(props.id);
  const choose = useSandboxOutcome();
  const [declineRepeats, setDeclineRepeats] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const checkboxId = useId();
  const payment = query.data?.payment;
  const failure = query.error ? readApiFailure(query.error) : null;
  const isCharge = payment?.sequence === 'recurring';

  const pick = (outcome: SandboxOutcome) =>
    choose.mutate(
      {
        payment: props.id,
        outcome,
        ...(payment?.sequence === 'first' && declineRepeats ? { decline_repeats: true } : {}),
      },
      {
        onSuccess: (redirect) => {
          setLeaving(true);
          leaveFor(redirect);
        },
      },
    );

  return (
    <>
      <p className="small text-body-secondary">{isCharge ? t('sandboxChargeNotice') : t('sandboxNotice')}</p>
      {!payment ? (
        failure ? (
          <div className="alert alert-danger mb-0" role="alert">
            {failure.status === 404 ? t('sandboxNotFound') : t('loadFailed')}
          </div>
        ) : (
          <p className="text-body-secondary mb-0" role="status">
            {t('loading')}
          </p>
        )
      ) : (
        <>
          <div className="sandbox-amount">{formatMoney(payment.amount, payment.currency, locale)}</div>
          <dl className="summary-lines">
            <div>
              <dt>{t('sandboxDescription')}</dt>
              <dd>{payment.description}</dd>
            </div>
            {payment.method ? (
              <div>
                <dt>{t('method')}</dt>
                <dd className="d-flex align-items-center gap-2 justify-content-end">
                  <MethodMark method={payment.method} /> {methodName(payment.method)}
                </dd>
              </div>
            ) : null}
            {payment.mandate ? (
              <div>
                <dt>{t('sandboxChargedTo')}</dt>
                <dd>{payment.mandate}</dd>
              </div>
            ) : null}
          </dl>
          {payment.status !== 'open' && payment.status !== 'pending' ? (
            <div className="alert alert-info" role="status">
              <p className="mb-2">{t('sandboxSettled')}</p>
              <a href={payment.redirect_url} className="btn btn-sm btn-primary">
                {t('backToShop')}
              </a>
            </div>
          ) : (
            <>
              <h2 className="money-section-title">{t('sandboxChoose')}</h2>
              {payment.sequence === 'first' ? (
                <div className="form-check mb-3">
                  <input
                    id={checkboxId}
                    type="checkbox"
                    className="form-check-input"
                    checked={declineRepeats}
                    onChange={(event) => setDeclineRepeats(event.target.checked)}
                  />
                  <label htmlFor={checkboxId} className="form-check-label">
                    {t('sandboxDeclineRepeats')}
                  </label>
                </div>
              ) : null}
              <div className="sandbox-outcomes">
                {SANDBOX_OUTCOMES.map((outcome) => (
                  <button
                    key={outcome}
                    type="button"
                    className={`btn ${OUTCOME_STYLE[outcome]}`}
                    disabled={choose.isPending || leaving}
                    onClick={() => pick(outcome)}
                  >
                    {t(`outcomes.${outcome}`)}
                  </button>
                ))}
              </div>
              {choose.isError ? (
                <div className="alert alert-danger mt-3 mb-0 py-2 small" role="alert">
                  {readApiFailure(choose.error).message ?? t('sandboxFailed')}
                </div>
              ) : null}
            </>
          )}
        </>
      )}
    </>
  );
}
