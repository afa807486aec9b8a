// No 'server-only' mark: the landers' getServerSideProps (Pages Router) use this, and the mark is for
// the App Router alone. Nothing here reaches a browser: Next drops getServerSideProps' imports there.
import { CLIENT_ADDRESS_HEADER, resolveClient } from '@/lib/shared/client-address';
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

/**
 * The site, its company and the locale of a page request, from its headers (`header` reads one,
 * by its lower-case name) and the locale it is rendered in. Shared by both routers: the App
 * Router's pages through getPageContext, the landers' through their getServerSideProps.
 */
export async function loadPageContext(request: {
  header: (name: string) => string | null;
  locale: string;
}): Promise<PageContext> {
  const { env, getSettings, getCompanyInfoOrThrow } = pageServices();
  const host = request.header('host');
  const locale: Locale = isLocale(request.locale) ? request.locale : 'en';
  const client = resolveClient(
    { header: request.header, socketAddress: request.header(CLIENT_ADDRESS_HEADER) },
    env().TRUST_PROXY,
  );
  const [settings, company] = await Promise.all([
    getSettings({
      host,
      locale,
      geoipCountry: client.country,
    }),
    getCompanyInfoOrThrow({ host }),
  ]);
  return { locale, host, settings, company };
}
