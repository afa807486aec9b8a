import { getTranslations } from 'next-intl/server';
import { getPageContext } from '@/lib/server/pages/page-context';
import { FooterDetails } from '@/components/layout/footer-details';
import { footerLinks } from '@/lib/shared/navigation';


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
            {footerLinks().map(
              ([key, href]) => (
                <li key={key}>
                  <a href={href}>{t(key)}</a>
                </li>
              ),
            )}
          </ul>
        </nav>
        <FooterDetails t={t} settings={settings} company={company} locale={locale} />
      </div>
    </footer>
  );
}
