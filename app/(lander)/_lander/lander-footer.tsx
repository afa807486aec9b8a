import { getTranslations } from 'next-intl/server';
import { getPageContext } from '@/lib/server/pages/page-context';
import { cleanPhone, companyNameBeforeStop, localCountryName } from '@/lib/shared/company';
import { FOOTER_LINKS } from '@/lib/shared/navigation';


/**
 * The landers' footer: the links, the fictional-profile disclaimer and who runs the site, as the
 * default layout's footer has them, rendered on the server (no script).
 */
export async function LanderFooter() {
  const [t, { settings, company, locale }] = await Promise.all([
    getTranslations('Footer'),
    getPageContext(),
  ]);
  return (
    <footer className="site-footer lander-footer py-4">
      <div className="container">
        <nav aria-label={t('navigation')}>
          <ul className="site-footer-links">
            {FOOTER_LINKS.map(
              ([key, href]) => (
                <li key={key}>
                  <a href={href}>{t(key)}</a>
                </li>
              ),
            )}
          </ul>
        </nav>
        <aside className="mt-3" aria-labelledby="footer-disclaimer-title">
          <h2 id="footer-disclaimer-title" className="h6 mb-1">
            {t('disclaimerTitle')}
          </h2>
          <p className="mb-1" data-testid="disclaimer">
            {settings.fictional_warning}
          </p>
          <p className="mb-0">{t('refund', { refund_days: settings.refund_days })}</p>
        </aside>
        <div className="mt-3 text-body-secondary" data-testid="company-info">
          <p className="mb-1">
            {t('company', {
              site: settings.name,
              company: company.name,
              address: company.address,
              city: company.city,
              country: localCountryName(company.country, locale),
            })}
          </p>
          <p className="mb-1">{t('registration', { kvk: company.kvk, vat: company.vat_numbers.join(', ') })}</p>
          <p className="mb-1">
            {t('contact', { email: settings.support_email, phone: cleanPhone(company.support_phone) })}
          </p>
          <p className="mb-0">
            {t('copyright', { year: new Date().getFullYear(), company: companyNameBeforeStop(company.name) })}
          </p>
        </div>
      </div>
    </footer>
  );
}
