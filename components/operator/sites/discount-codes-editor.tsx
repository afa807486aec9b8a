'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { operatorApiError } from '@/lib/api/operator-api';
import type { OperatorDiscountCode } from '@/lib/shared/schemas/operator-sites';
import { useSitesChange } from './sites-queries';

interface NewCode {
  code: string;
  value_percentage: number;
  validity: 'once_per_user' | 'unlimited';
  country?: string | null;
  expires?: string | null;
}

/** The discount codes: switch one on or off, change its percentage; add a code. */
export function DiscountCodesEditor({ codes }: { codes: OperatorDiscountCode[] }) {
  const t = useTranslations('OperatorSites');
  const format = useFormatter();
  const id = useId();
  const create = useSitesChange<NewCode>('post', 'discount-codes.php');
  const update = useSitesChange<Partial<OperatorDiscountCode> & { id: number }>('put', 'discount-codes.php');
  const [draft, setDraft] = useState({
    code: '',
    percentage: '',
    validity: 'once_per_user',
    country: '',
    expires: '',
  });
  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        code: draft.code.trim(),
        value_percentage: Number(draft.percentage),
        validity: draft.validity === 'unlimited' ? 'unlimited' : 'once_per_user',
        ...(draft.country.trim() ? { country: draft.country.trim().toUpperCase() } : {}),
        ...(draft.expires ? { expires: new Date(`${draft.expires}T23:59:59`).toISOString() } : {}),
      },
      {
        onSuccess: () =>
          setDraft({ code: '', percentage: '', validity: 'once_per_user', country: '', expires: '' }),
      },
    );
  };
  const error = create.error ?? update.error;
  return (
    <section className="card mb-4" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 className="h5" id={`${id}-title`}>
          {t('codesTitle')}
        </h2>
        {error ? (
          <div className="alert alert-danger py-2" role="alert">
            {operatorApiError(error)?.message ?? t('saveFailed')}
          </div>
        ) : null}
        <div className="table-responsive console-table-wrap">
          <table className="table table-sm align-middle console-table">
            <thead>
              <tr>
                <th scope="col">{t('code')}</th>
                <th scope="col">{t('percentage')}</th>
                <th scope="col">{t('conditions')}</th>
                <th scope="col">{t('used')}</th>
                <th scope="col">{t('status')}</th>
              </tr>
            </thead>
            <tbody>
              {codes.map((code) => (
                <tr key={code.id} className={code.status === 'active' ? undefined : 'text-body-secondary'}>
                  <td>
                    <code>{code.code}</code>
                    {code.welcome ? <span className="badge text-bg-info ms-1">{t('welcome')}</span> : null}
                  </td>
                  <td>{code.value_percentage}%</td>
                  <td className="small">
                    {[
                      t(`validity.${code.validity}`),
                      code.country,
                      code.minimum_order_value !== null && code.currency
                        ? t('minimum', {
                            amount: format.number(code.minimum_order_value / 100, {
                              style: 'currency',
                              currency: code.currency,
                            }),
                          })
                        : null,
                      code.expires
                        ? t('expires', {
                            date: format.dateTime(new Date(code.expires), { dateStyle: 'medium' }),
                          })
                        : null,
                      code.payment_methods.length ? code.payment_methods.join(', ') : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </td>
                  <td>{code.redemptions}</td>
                  <td>
                    <div className="form-check form-switch mb-0">
                      <input
                        id={`${id}-status-${code.id}`}
                        className="form-check-input"
                        type="checkbox"
                        role="switch"
                        checked={code.status === 'active'}
                        disabled={update.isPending}
                        onChange={(e) =>
                          update.mutate({ id: code.id, status: e.target.checked ? 'active' : 'inactive' })
                        }
                      />
                      <label className="form-check-label small" htmlFor={`${id}-status-${code.id}`}>
                        {t(`codeStatus.${code.status}`)}
                        <span className="visually-hidden"> {code.code}</span>
                      </label>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <form className="row g-2 align-items-end" onSubmit={onCreate} aria-label={t('addCode')}>
          <div className="col-6 col-md-2">
            <label className="form-label small" htmlFor={`${id}-new-code`}>
              {t('code')}
            </label>
            <input
              id={`${id}-new-code`}
              className="form-control form-control-sm"
              required
              pattern="[A-Za-z0-9_\-]{3,40}"
              value={draft.code}
              onChange={(e) => setDraft({ ...draft, code: e.target.value })}
            />
          </div>
          <div className="col-6 col-md-2">
            <label className="form-label small" htmlFor={`${id}-new-percentage`}>
              {t('percentage')}
            </label>
            <input
              id={`${id}-new-percentage`}
              className="form-control form-control-sm"
              required
              type="number"
              min={1}
              max={99}
              value={draft.percentage}
              onChange={(e) => setDraft({ ...draft, percentage: e.target.value })}
            />
          </div>
          <div className="col-6 col-md-2">
            <label className="form-label small" htmlFor={`${id}-new-validity`}>
              {t('validityLabel')}
            </label>
            <select
              id={`${id}-new-validity`}
              className="form-select form-select-sm"
              value={draft.validity}
              onChange={(e) => setDraft({ ...draft, validity: e.target.value })}
            >
              <option value="once_per_user">{t('validity.once_per_user')}</option>
              <option value="unlimited">{t('validity.unlimited')}</option>
            </select>
          </div>
          <div className="col-6 col-md-2">
            <label className="form-label small" htmlFor={`${id}-new-country`}>
              {t('countryOptional')}
            </label>
            <input
              id={`${id}-new-country`}
              className="form-control form-control-sm"
              maxLength={2}
              value={draft.country}
              onChange={(e) => setDraft({ ...draft, country: e.target.value })}
            />
          </div>
          <div className="col-6 col-md-2">
            <label className="form-label small" htmlFor={`${id}-new-expires`}>
              {t('expiresOptional')}
            </label>
            <input
              id={`${id}-new-expires`}
              className="form-control form-control-sm"
              type="date"
              value={draft.expires}
              onChange={(e) => setDraft({ ...draft, expires: e.target.value })}
            />
          </div>
          <div className="col-auto">
            <button type="submit" className="btn btn-sm btn-primary" disabled={create.isPending}>
              {t('addCode')}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
