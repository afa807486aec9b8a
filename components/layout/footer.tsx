'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useCompanyInfo, useSettings, useUser } from '@/lib/api/hooks';
import { footerLinks, footerVariant } from '@/lib/shared/navigation';
import { useIsStandalone } from '../hooks/use-standalone';
import { FooterDetails } from './footer-details';

/** Footer links, company details and the fictional-profile disclaimer; compact when installed or logged in. */
export function Footer() {
  const t = useTranslations('Footer');
  const locale = useLocale();
  const pathname = usePathname() ?? '';
  const isStandalone = useIsStandalone();
  const { data: settings } = useSettings();
  const { data: company } = useCompanyInfo();
  const { data: user } = useUser();
  const variant = footerVariant({ isStandalone, isLoggedIn: Boolean(user), pathname });

  const links = (
    <nav aria-label={t('navigation')}>
      <ul className="site-footer-links">
        {footerLinks().map(([key, href]) => (
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
        {settings && <FooterDetails t={t} settings={settings} company={company} locale={locale} />}
      </div>
    </footer>
  );
}
