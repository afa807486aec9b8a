'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { operatorApiError } from '@/lib/api/operator-api';
import type { OperatorBundle } from '@/lib/shared/schemas/operator-sites';
import { useSitesChange } from './sites-queries';

/** Minor units typed as a price with cents (every currency served has two decimals). */
const toMinor = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);

/** The credit bundles per country: change credits, price, order, best value, on sale; add one. */
export function BundlesEditor({ bundles }: { bundles: OperatorBundle[] }) {
  const t = useTranslations('OperatorSites');
  const id = useId();
  const create = useSitesChange<Omit<OperatorBundle, 'id'>>('post', 'bundles.php');
  const [draft, setDraft] = useState({ country: '', currency: '', credits: '', amount: '' });
  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        country: draft.country.trim().toUpperCase(),
        currency: draft.currency.trim().toUpperCase(),
        credits: Number(draft.credits),
        amount: toMinor(draft.amount),
        best_value: false,
        position: 50,
        active: true,
      },
      { onSuccess: () => setDraft({ country: '', currency: '', credits: '', amount: '' }) },
    );
  };
  return (
    <section className="card mb-4" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 className="h5" id={`${id}-title`}>
          {t('bundlesTitle')}
        </h2>
        <div className="table-responsive console-table-wrap">
          <table className="table table-sm align-middle console-table">
            <thead>
              <tr>
                <th scope="col">{t('country')}</th>
                <th scope="col">{t('credits')}</th>
                <th scope="col">{t('price')}</th>
                <th scope="col">{t('position')}</th>
                <th scope="col">{t('bestValue')}</th>
                <th scope="col">{t('onSale')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('save')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {bundles.map((bundle) => (
                <BundleRow
                  key={`${bundle.id}-${bundle.credits}-${bundle.amount}-${bundle.active}`}
                  bundle={bundle}
                />
              ))}
            </tbody>
          </table>
        </div>
        <form className="row g-2 align-items-end" onSubmit={onCreate} aria-label={t('addBundle')}>
          {(['country', 'currency', 'credits', 'amount'] as const).map((key) => (
            <div className="col-6 col-md-2" key={key}>
              <label className="form-label small" htmlFor={`${id}-new-${key}`}>
                {t(`newBundle.${key}`)}
              </label>
              <input
                id={`${id}-new-${key}`}
                className="form-control form-control-sm"
                required
                inputMode={key === 'credits' || key === 'amount' ? 'decimal' : undefined}
                maxLength={key === 'country' ? 2 : key === 'currency' ? 3 : 12}
                value={draft[key]}
                onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
              />
            </div>
          ))}
          <div className="col-auto">
            <button type="submit" className="btn btn-sm btn-primary" disabled={create.isPending}>
              {t('addBundle')}
            </button>
          </div>
          {create.isError ? (
            <div className="col-12">
              <div className="alert alert-danger py-2 mb-0" role="alert">
                {operatorApiError(create.error)?.message ?? t('saveFailed')}
              </div>
            </div>
          ) : null}
        </form>
      </div>
    </section>
  );
}

function BundleRow({ bundle }: { bundle: OperatorBundle }) {
  const t = useTranslations('OperatorSites');
  const format = useFormatter();
  const update = useSitesChange<Partial<OperatorBundle> & { id: number }>('put', 'bundles.php');
  const [credits, setCredits] = useState(String(bundle.credits));
  const [amount, setAmount] = useState((bundle.amount / 100).toFixed(2));
  const [position, setPosition] = useState(String(bundle.position));
  const [bestValue, setBestValue] = useState(bundle.best_value);
  const [active, setActive] = useState(bundle.active);
  const label = `${bundle.country} ${t('creditsCount', { count: bundle.credits })}`;
  const changes: Partial<OperatorBundle> = {
    ...(Number(credits) !== bundle.credits ? { credits: Number(credits) } : {}),
    ...(toMinor(amount) !== bundle.amount ? { amount: toMinor(amount) } : {}),
    ...(Number(position) !== bundle.position ? { position: Number(position) } : {}),
    ...(bestValue !== bundle.best_value ? { best_value: bestValue } : {}),
    ...(active !== bundle.active ? { active } : {}),
  };
  const isChanged = Object.keys(changes).length > 0;
  return (
    <tr className={bundle.active ? undefined : 'text-body-secondary'}>
      <td>
        {bundle.country}
        <div className="small text-body-secondary">
          {format.number(bundle.amount / 100, { style: 'currency', currency: bundle.currency })}
        </div>
      </td>
      <td>
        <input
          className="form-control form-control-sm console-input-narrow"
          aria-label={`${t('credits')}: ${label}`}
          inputMode="numeric"
          value={credits}
          onChange={(e) => setCredits(e.target.value)}
        />
      </td>
      <td>
        <div className="input-group input-group-sm console-input-price">
          <input
            className="form-control"
            aria-label={`${t('price')}: ${label}`}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <span className="input-group-text">{bundle.currency}</span>
        </div>
      </td>
      <td>
        <input
          className="form-control form-control-sm console-input-narrow"
          aria-label={`${t('position')}: ${label}`}
          inputMode="numeric"
          value={position}
          onChange={(e) => setPosition(e.target.value)}
        />
      </td>
      <td>
        <input
          className="form-check-input"
          type="checkbox"
          aria-label={`${t('bestValue')}: ${label}`}
          checked={bestValue}
          onChange={(e) => setBestValue(e.target.checked)}
        />
      </td>
      <td>
        <input
          className="form-check-input"
          type="checkbox"
          aria-label={`${t('onSale')}: ${label}`}
          checked={active}
          onChange={(e) => setActive(e.target.checked)}
        />
      </td>
      <td className="text-nowrap">
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={!isChanged || update.isPending}
          onClick={() => update.mutate({ id: bundle.id, ...changes })}
        >
          {t('save')}
        </button>
        {update.isError ? (
          <div className="small text-danger" role="alert">
            {operatorApiError(update.error)?.message ?? t('saveFailed')}
          </div>
        ) : null}
      </td>
    </tr>
  );
}
