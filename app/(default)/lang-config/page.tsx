import { getTranslations } from 'next-intl/server';
import { LanguageChooser } from '@/components/nav/language-chooser';
import { getPageContext } from '@/lib/server/pages/page-context';
import { countryNameIn } from '@/lib/shared/country-names';
import { COUNTRY_LOCALES, LOCALE_NAMES } from '@/lib/shared/locales';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata() {
  const t = await getTranslations('LangConfig');
  return { title: t('title') };
}

/** Language configuration: every language, and which ones each country is offered. */
export default async function LangConfigPage() {
  const t = await getTranslations('LangConfig');
  const { locale, settings } = await getPageContext();
  const countries = settings.countries
    .filter((code): code is keyof typeof COUNTRY_LOCALES => code in COUNTRY_LOCALES)
    .map((code) => ({ code, name: countryNameIn(locale, code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));

  return (
    <PageMessages page="lang-config">
      <div className="mx-auto" style={{ maxWidth: '40rem' }}>
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <h2 className="h4 mt-4">{t('allLanguages')}</h2>
        <LanguageChooser />
        <h2 className="h4 mt-5">{t('byCountry')}</h2>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('country')}</th>
              <th scope="col">{t('languages')}</th>
            </tr>
          </thead>
          <tbody>
            {countries.map((country) => (
              <tr key={country.code}>
                <th scope="row" className="fw-normal">
                  {country.name}
                </th>
                <td>{COUNTRY_LOCALES[country.code].map((l) => LOCALE_NAMES[l]).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </PageMessages>
  );
}
