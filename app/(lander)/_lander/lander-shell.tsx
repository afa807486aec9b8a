import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LogoMark } from '@/components/brand/logo';
import { isEntryWarningAccepted } from '@/components/layout/entry-warning-state';
import { getPageViewer } from '@/lib/server/pages/get-page-user';
import { getPageContext } from '@/lib/server/pages/page-context';
import { LOCALE_NAMES, visibleLocales } from '@/lib/shared/locales';
import { LanderEntryWarning } from '@/components/lander/lander-entry-warning';
import { LanderFooter } from './lander-footer';
import { LanderLanguageMenu } from '@/components/lander/lander-language-menu';
import { LanderSignup } from '@/components/lander/lander-signup';
import { landerSignupMessages } from './lander-signup-messages';

/**
 * The lander layout (spec §2): the logo bar and the footer, no top navigation. Rendered on the server;
 * what runs in the browser is a few small islands: the language menu, the entry warning as the site's
 * settings say, and the signup (a dialog on desktop, loaded when asked for; the signup page on phones).
 */
export async function LanderShell(props: { children: ReactNode }) {
  const [{ locale, settings }, t, tCommon, viewer, isAccepted, signupMessages] = await Promise.all([
    getPageContext(),
    getTranslations('Lander'),
    getTranslations('Common'),
    getPageViewer(),
    isEntryWarningAccepted(),
    landerSignupMessages(),
  ]);
  const tEntry = await getTranslations('EntryWarning');
  const tLanguage = await getTranslations('LanguageDropdown');
  const locales = visibleLocales(settings.geoip_selected_country, locale);

  return (
    <div className="lander-page">
      <a className="skip-link" href="#main-content">
        {tCommon('skipToContent')}
      </a>
      <header className="lander-bar">
        <div className="container lander-bar-inner">
          <a href="/" className="lander-brand">
            <LogoMark size={32} />
            <span>{settings.name}</span>
          </a>
          <div className="lander-bar-actions">
            <LanderLanguageMenu
              current={locale}
              options={locales.map((code) => ({ code, name: LOCALE_NAMES[code] }))}
              label={tLanguage('label')}
              currentLabel={tLanguage('current', { language: LOCALE_NAMES[locale] })}
            />
            {viewer ? (
              <a href="/members" className="btn btn-sm btn-light">
                {t('toMembers')}
              </a>
            ) : (
              <a href="/login" className="btn btn-sm btn-outline-light">
                {t('login')}
              </a>
            )}
          </div>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="lander-main">
        {props.children}
      </main>
      <LanderFooter />
      {settings.enable_site_entry_popup && !isAccepted && (
        <LanderEntryWarning
          texts={{
            title: tEntry('title'),
            body: tEntry('body', { site: settings.name }),
            confirm: tEntry('confirm'),
            leave: tEntry('leave'),
            enter: tEntry('enter'),
          }}
        />
      )}
      {!viewer && <LanderSignup locale={locale} messages={signupMessages} settings={settings} />}
    </div>
  );
}
