import 'server-only';
import { getLocale } from 'next-intl/server';
import { headers } from 'next/headers';
import { cache } from 'react';
import { isLocale, type Locale } from '@/lib/shared/locales';
import type { CompanyInfo } from '@/lib/shared/schemas/reference';
import type { Settings } from '@/lib/shared/schemas/settings';
import { pageServices } from './page-services';

export interface PageContext {
  locale: Locale;
  host: string | null;
  settings: Settings;
  company: CompanyInfo;
}

/** The site, its company and the locale of the page being rendered; loaded once per request. */
export const getPageContext = cache(async (): Promise<PageContext> => {
  // The request first: a page that reads it is rendered per request, never while building.
  const requestHeaders = await headers();
  const { env, getSettings, getCompanyInfoOrThrow } = pageServices();
  const host = requestHeaders.get('host');
  const current = await getLocale();
  const locale: Locale = isLocale(current) ? current : 'en';
  const trusted = env().TRUST_PROXY;
  const [settings, company] = await Promise.all([
    getSettings({
      host,
      locale,
      geoipCountry: trusted
        ? (requestHeaders.get('cf-ipcountry') ?? requestHeaders.get('x-geoip-country'))
        : null,
    }),
    getCompanyInfoOrThrow({ host }),
  ]);
  return { locale, host, settings, company };
});
