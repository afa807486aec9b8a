'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { operatorApiError } from '@/lib/api/operator-api';
import { LOCALES } from '@/lib/shared/locales';
import type { EditableSiteSettings, OperatorSite } from '@/lib/shared/schemas/operator-sites';
import { SIGNUP_MODES } from '@/lib/shared/values/settings';
import { useSitesChange } from './sites-queries';

type Key = keyof EditableSiteSettings;
const KEYS: readonly Key[] = [
  'signups',
  'enable_site_entry_popup',
  'logged_out_search',
  'logged_out_search_trafficsource',
  'fictional_warning',
  'fictional_singular',
  'fictional_plural',
  'message_credits',
  'photo_credits',
  'gift_credits',
  'signup_credits',
  'minimum_message_costs',
  'refund_days',
  'member_resell',
  'photo_premoderation',
  'niche',
  'support_email',
];
const SWITCHES = [
  'enable_site_entry_popup',
  'logged_out_search',
  'logged_out_search_trafficsource',
  'member_resell',
  'photo_premoderation',
] as const;
const NUMBERS = [
  'message_credits',
  'photo_credits',
  'gift_credits',
  'signup_credits',
  'refund_days',
] as const;
const WORDING = ['fictional_warning', 'fictional_singular', 'fictional_plural'] as const;

const pick = (site: OperatorSite): EditableSiteSettings =>
  Object.fromEntries(KEYS.map((key) => [key, site[key]])) as EditableSiteSettings;

/** A site's settings (spec §3): only what changed is sent; the member site shows it at once. */
export function SiteSettingsForm({ site }: { site: OperatorSite }) {
  const t = useTranslations('OperatorSites');
  const id = useId();
  const [draft, setDraft] = useState<EditableSiteSettings>(() => pick(site));
  const [saved, setSaved] = useState(false);
  const save = useSitesChange<{ site: number; changes: Partial<EditableSiteSettings> }>('put', 'site.php');
  const original = pick(site);
  const changes = Object.fromEntries(
    KEYS.filter((key) => JSON.stringify(draft[key]) !== JSON.stringify(original[key])).map((key) => [
      key,
      draft[key],
    ]),
  ) as Partial<EditableSiteSettings>;
  const isChanged = Object.keys(changes).length > 0;
  const set = <K extends Key>(key: K, value: EditableSiteSettings[K]) => {
    setSaved(false);
    setDraft((current) => ({ ...current, [key]: value }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ site: site.id, changes }, { onSuccess: () => setSaved(true) });
  };

  return (
    <form className="card mb-4" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 className="h5" id={`${id}-title`}>
          {t('settingsTitle', { site: site.domain === 'default' ? site.name : site.domain })}
        </h2>
        <div className="row g-3">
          <div className="col-sm-6 col-lg-4">
            <label className="form-label small" htmlFor={`${id}-signups`}>
              {t('fields.signups')}
            </label>
            <select
              id={`${id}-signups`}
              className="form-select"
              value={draft.signups}
              onChange={(e) => set('signups', e.target.value as EditableSiteSettings['signups'])}
            >
              {SIGNUP_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`signupModes.${mode}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-sm-6 col-lg-4">
            <label className="form-label small" htmlFor={`${id}-niche`}>
              {t('fields.niche')}
            </label>
            <select
              id={`${id}-niche`}
              className="form-select"
              value={draft.niche}
              onChange={(e) => set('niche', Number(e.target.value))}
            >
              {[1, 2, 3, 4, 5, 6, 7].map((niche) => (
                <option key={niche} value={niche}>
                  {niche}
                </option>
              ))}
            </select>
          </div>
          <div className="col-sm-6 col-lg-4">
            <label className="form-label small" htmlFor={`${id}-support_email`}>
              {t('fields.support_email')}
            </label>
            <input
              id={`${id}-support_email`}
              className="form-control"
              type="email"
              value={draft.support_email}
              onChange={(e) => set('support_email', e.target.value)}
            />
          </div>
          {NUMBERS.map((key) => (
            <div className="col-6 col-lg-2" key={key}>
              <label className="form-label small" htmlFor={`${id}-${key}`}>
                {t(`fields.${key}`)}
              </label>
              <input
                id={`${id}-${key}`}
                className="form-control"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={draft[key]}
                onChange={(e) => set(key, e.target.value === '' ? 0 : Number(e.target.value))}
              />
            </div>
          ))}
          <div className="col-12">
            {SWITCHES.map((key) => (
              <div className="form-check form-switch" key={key}>
                <input
                  id={`${id}-${key}`}
                  className="form-check-input"
                  type="checkbox"
                  role="switch"
                  checked={draft[key]}
                  onChange={(e) => set(key, e.target.checked)}
                />
                <label className="form-check-label" htmlFor={`${id}-${key}`}>
                  {t(`fields.${key}`)}
                </label>
              </div>
            ))}
          </div>
        </div>

        <h3 className="h6 mt-4">{t('costsTitle')}</h3>
        <div className="row g-2">
          {Object.entries(draft.minimum_message_costs).map(([country, cost]) => (
            <div className="col-6 col-md-3 col-xl-2" key={country}>
              <label className="form-label small" htmlFor={`${id}-cost-${country}`}>
                {t('costIn', { country, currency: cost.currency })}
              </label>
              <input
                id={`${id}-cost-${country}`}
                className="form-control form-control-sm"
                type="number"
                min={0}
                step={0.01}
                value={cost.costs}
                onChange={(e) =>
                  set('minimum_message_costs', {
                    ...draft.minimum_message_costs,
                    [country]: { ...cost, costs: Number(e.target.value) },
                  })
                }
              />
            </div>
          ))}
        </div>

        <h3 className="h6 mt-4">{t('wordingTitle')}</h3>
        <div className="table-responsive">
          <table className="table table-sm align-middle console-table">
            <thead>
              <tr>
                <th scope="col">{t('language')}</th>
                {WORDING.map((key) => (
                  <th scope="col" key={key}>
                    {t(`fields.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {LOCALES.map((locale) => (
                <tr key={locale}>
                  <th scope="row">{locale}</th>
                  {WORDING.map((key) => (
                    <td key={key}>
                      <input
                        className="form-control form-control-sm"
                        aria-label={`${t(`fields.${key}`)} (${locale})`}
                        maxLength={500}
                        required
                        value={draft[key][locale]}
                        onChange={(e) => set(key, { ...draft[key], [locale]: e.target.value })}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        {save.isError ? (
          <div className="alert alert-danger py-2" role="alert">
            {operatorApiError(save.error)?.message ?? t('saveFailed')}
          </div>
        ) : null}
        {saved && !isChanged ? (
          <div className="alert alert-success py-2" role="status">
            {t('saved')}
          </div>
        ) : null}
        <div className="d-flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={!isChanged || save.isPending}>
            {t('save')}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={!isChanged}
            onClick={() => setDraft(pick(site))}
          >
            {t('undo')}
          </button>
        </div>
      </div>
    </form>
  );
}
