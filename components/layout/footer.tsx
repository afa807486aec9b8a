'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useCompanyInfo, useSettings, useUser } from '@/lib/api/hooks';
import { cleanPhone, companyNameBeforeStop, localCountryName } from '@/lib/shared/company';
import { FOOTER_LINKS, footerVariant } from '@/lib/shared/navigation';
import { useIsStandalone } from '../hooks/use-standalone';


/** Footer links, company details and the fictional-profile disclaimer; compact when installed or logged in. */
export function Footer() {
  const t = useTranslations('Footer');
  const locale = useLocale();
  const pathname = usePathname();
  const isStandalone = useIsStandalone();
  const { data: settings } = useSettings();
  const { data: company } = useCompanyInfo();
  const { data: user } = useUser();
  const variant = footerVariant({ isStandalone, isLoggedIn: Boolean(user), pathname });

  const links = (
    <nav aria-label={t('navigation')}>
      <ul className="site-footer-links">
        {FOOTER_LINKS.map(([key, href]) => (
          <li key={key}>
            <Link href={href} prefetch={false} aria-current={pathname === href ? 'page' : undefined}>
              {t(key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );

  if (variant === 'compact') {
    return (
      <footer className="site-footer site-footer-compact py-2 mt-4">
        <div className="container">{links}</div>
      </footer>
    );
  }

  return (
    <footer className="site-footer py-4 mt-5">
      <div className="container">
        {links}
        {settings && (
          <aside className="mt-3" aria-labelledby="footer-disclaimer-title">
            <h2 id="footer-disclaimer-title" className="h6 mb-1">
              {t('disclaimerTitle')}
            </h2>
            <p className="mb-1" data-testid="disclaimer">
              {settings.fictional_warning}
            </p>
            <p className="mb-0">{t('refund', { refund_days: settings.refund_days })}</p>
          </aside>
        )}
        {company && settings && (
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
      </div>
    </footer>
  );
}
