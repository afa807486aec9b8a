import { cleanPhone, companyNameBeforeStop, localCountryName } from '@/lib/shared/company';
import type { CompanyInfo } from '@/lib/shared/schemas/reference';
import type { Settings } from '@/lib/shared/schemas/settings';

type DetailKey = 'disclaimerTitle' | 'refund' | 'company' | 'registration' | 'contact' | 'copyright';

/**
 * The footer's fictional-profile disclaimer and who runs the site (spec §2), shared by the default
 * layout's footer (in the browser) and the landers' (on the server): `t` is the `Footer` namespace.
 */
export function FooterDetails(props: {
  t: (key: DetailKey, values?: Record<string, string | number>) => string;
  settings: Settings;
  company: CompanyInfo | undefined;
  locale: string;
}) {
  const { t, settings, company } = props;
  return (
    <>
      <aside className="mt-3" aria-labelledby="footer-disclaimer-title">
        <h2 id="footer-disclaimer-title" className="h6 mb-1">
          {t('disclaimerTitle')}
        </h2>
        <p className="mb-1" data-testid="disclaimer">
          {settings.fictional_warning}
        </p>
        <p className="mb-0">{t('refund', { refund_days: settings.refund_days })}</p>
      </aside>
      {company && (
        <div className="mt-3 text-body-secondary" data-testid="company-info">
          <p className="mb-1">
            {t('company', {
              site: settings.name,
              company: company.name,
              address: company.address,
              city: company.city,
              country: localCountryName(company.country, props.locale),
            })}
          </p>
          <p className="mb-1">
            {t('registration', { kvk: company.kvk, vat: company.vat_numbers.join(', ') })}
          </p>
          <p className="mb-1">
            {t('contact', { email: settings.support_email, phone: cleanPhone(company.support_phone) })}
          </p>
          <p className="mb-0">
            {t('copyright', {
              year: new Date().getFullYear(),
              company: companyNameBeforeStop(company.name),
            })}
          </p>
        </div>
      )}
    </>
  );
}
