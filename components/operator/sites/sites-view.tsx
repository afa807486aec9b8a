'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { operatorApiError } from '@/lib/api/operator-api';
import { BundlesEditor } from './bundles-editor';
import { DiscountCodesEditor } from './discount-codes-editor';
import { SiteSettingsForm } from './site-settings-form';
import { useSitesOverview } from './sites-queries';

/** `/operator/sites`: the sites' settings, the credit bundles and the discount codes. */
export function SitesView() {
  const t = useTranslations('OperatorSites');
  const overview = useSitesOverview();
  const [siteId, setSiteId] = useState<number | null>(null);

  if (overview.isPending) {
    return (
      <p className="console-page" role="status">
        {t('loading')}
      </p>
    );
  }
  if (overview.isError) {
    return (
      <div className="console-page">
        <div className="alert alert-danger" role="alert">
          {operatorApiError(overview.error)?.message ?? t('loadFailed')}
        </div>
      </div>
    );
  }
  const { sites, bundles, discount_codes: codes } = overview.data;
  const site = sites.find((s) => s.id === siteId) ?? sites[0];
  return (
    <div className="console-page">
      <div className="console-page-head">
        <h1 className="h3 mb-0">{t('title')}</h1>
        <p className="text-body-secondary small mb-0">{t('intro')}</p>
      </div>
      {sites.length > 1 ? (
        <div className="mb-3">
          <label className="form-label small" htmlFor="site-picker">
            {t('site')}
          </label>
          <select
            id="site-picker"
            className="form-select w-auto"
            value={site?.id}
            onChange={(e) => setSiteId(Number(e.target.value))}
          >
            {sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.domain === 'default' ? t('defaultSite', { name: s.name }) : s.domain}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {site ? <SiteSettingsForm key={site.id} site={site} /> : null}
      <BundlesEditor bundles={bundles} />
      <DiscountCodesEditor codes={codes} />
    </div>
  );
}
