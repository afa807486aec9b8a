import Head from 'next/head';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Logo, LogoMark } from '@/components/brand/logo';
import { DESKTOP_MEDIA } from '@/components/hooks/use-media-query';
import { FooterDetails } from '@/components/layout/footer-details';
import { TestSiteNotice } from '@/components/layout/test-site-notice';
import type { LanderFrame } from './lander-frame';
import { ENTRY_WARNING_COOKIE, LOCALE_COOKIE, LOCALE_COOKIE_DAYS } from '@/lib/shared/constants';
import { LOCALE_NAMES } from '@/lib/shared/locales';
import { footerLinks } from '@/lib/shared/navigation';
import { TRACKING_COOKIE } from '@/lib/shared/values/auth';
import { SIGNUP_MATCHES_PATH } from '@/lib/shared/values/match-finder';
import { TRACKING_KEYS } from '@/lib/shared/values/tracking';
import { landerIslands } from './islands/lander-islands';
import { LanderScript } from './lander-script';

/** Leaving the site at the entry warning sends the visitor to a neutral page. */
const LEAVE_URL = 'https://www.google.com/';

/**
 * The lander layout (spec §2): the logo bar and the footer, no top navigation, the entry warning as
 * the site's settings say, and the signup dialog for desktops. Rendered on the server only: landers
 * ship no framework to the browser, just the small script of islands/lander-islands.ts.
 *
 * `site`: the visitor home's frame instead (pages/index.tsx): the application's top bar (logo, login,
 * language menu), the page's own title, indexed by search engines, the app's manifest; a new member
 * goes on to `afterSignupPath`.
 */
export function LanderLayout(props: {
  frame: LanderFrame;
  title: string;
  description?: string;
  site?: boolean;
  afterSignupPath?: string;
  children: ReactNode;
}) {
  const { frame, site = false } = props;
  const { settings, locale } = frame;
  const tCommon = useTranslations('Common');
  const tEntry = useTranslations('EntryWarning');
  const tFooter = useTranslations('Footer');
  const tSignup = useTranslations('Signup');

  return (
    <>
      <Head>
        <title>{site ? props.title : `${props.title} – ${settings.name}`}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {site ? (
          <>
            <meta name="application-name" content={settings.name} />
            <link rel="manifest" href="/manifest.webmanifest" />
          </>
        ) : (
          <meta name="robots" content="noindex" />
        )}
        <meta name="description" content={props.description ?? settings.description} />
        <meta name="color-scheme" content="light dark" />
        <meta
          key="theme-color-light"
          name="theme-color"
          media="(prefers-color-scheme: light)"
          content="#ffb300"
        />
        <meta
          key="theme-color-dark"
          name="theme-color"
          media="(prefers-color-scheme: dark)"
          content="#141118"
        />
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-icon.png" />
      </Head>
      <div className="lander-page">
        <a className="skip-link" href="#main-content">
          {tCommon('skipToContent')}
        </a>
        {frame.isTestSite ? <TestSiteNotice /> : null}
        {site ? <SiteTopBar frame={frame} /> : <LanderBar frame={frame} />}
        <main id="main-content" tabIndex={-1} className={site ? 'lander-main container py-4' : 'lander-main'}>
          {props.children}
        </main>
        <footer className="site-footer lander-footer py-4">
          <div className="container">
            <nav aria-label={tFooter('navigation')}>
              <ul className="site-footer-links">
                {footerLinks().map(([key, href]) => (
                  <li key={key}>
                    <a href={href}>{tFooter(key)}</a>
                  </li>
                ))}
              </ul>
            </nav>
            <FooterDetails t={tFooter} settings={settings} company={frame.company} locale={locale} />
          </div>
        </footer>
        {frame.showEntryWarning && (
          <dialog
            id="site-entry-warning"
            className="lander-dialog"
            aria-labelledby="site-entry-warning-title"
          >
            <h2 id="site-entry-warning-title" className="h4">
              {tEntry('title')}
            </h2>
            <p>{tEntry('body', { site: settings.name })}</p>
            <p>{tEntry('confirm')}</p>
            <div className="d-flex flex-wrap justify-content-end gap-2">
              <a className="btn btn-outline-secondary" href={LEAVE_URL} rel="noreferrer">
                {tEntry('leave')}
              </a>
              <button type="button" className="btn btn-primary" autoFocus data-enter="">
                {tEntry('enter')}
              </button>
            </div>
          </dialog>
        )}
        {!frame.isMember && (
          <dialog
            id="lander-signup"
            className="lander-dialog lander-signup-dialog"
            aria-labelledby="lander-signup-title"
          >
            <div className="lander-signup-head">
              <h2 id="lander-signup-title" className="h5 mb-0">
                {tSignup('title')}
              </h2>
              <button type="button" className="btn-close" data-close="" aria-label={tCommon('close')} />
            </div>
            <iframe title={tSignup('title')} className="lander-signup-frame" />
          </dialog>
        )}
      </div>
      <LanderScript
        run={landerIslands}
        nonce={frame.nonce}
        config={{
          localeCookie: LOCALE_COOKIE,
          localeCookieDays: LOCALE_COOKIE_DAYS,
          entryCookie: ENTRY_WARNING_COOKIE,
          trackingCookie: TRACKING_COOKIE,
          trackingKeys: TRACKING_KEYS,
          desktopMedia: DESKTOP_MEDIA,
          afterSignupPath: props.afterSignupPath ?? SIGNUP_MATCHES_PATH,
        }}
      />
    </>
  );
}

/**
 * The visitor home's top bar: the application's (components/nav/top-nav.tsx) for a visitor, drawn on
 * the server; the language menu opens with the islands' script.
 */
function SiteTopBar(props: { frame: LanderFrame }) {
  const { settings, locale } = props.frame;
  const tNav = useTranslations('Nav');
  const tLanguage = useTranslations('LanguageDropdown');
  return (
    <header className="app-top-bar sticky-top">
      <nav className="navbar navbar-expand container px-3" aria-label={tNav('mainNavigation')}>
        <a href="/" className="brand-link me-auto">
          <Logo name={settings.name} size={30} />
        </a>
        <div>
          <ul className="navbar-nav align-items-center flex-row gap-1">
            <li className="nav-item">
              <a className="btn btn-primary btn-sm" href="/login">
                {tNav('login')}
              </a>
            </li>
            <li className="nav-item">
              <div className="dropdown" data-menu="">
                <button
                  type="button"
                  className="dropdown-toggle btn btn-outline-secondary btn-sm"
                  aria-expanded="false"
                  aria-controls="site-language-menu"
                >
                  {locale.toUpperCase()}
                  <span className="visually-hidden">
                    , {tLanguage('current', { language: LOCALE_NAMES[locale] })}
                  </span>
                </button>
                <ul
                  id="site-language-menu"
                  className="dropdown-menu dropdown-menu-end"
                  data-bs-popper="static"
                  hidden
                >
                  <li>
                    <h2 className="dropdown-header h6">{tLanguage('label')}</h2>
                  </li>
                  {props.frame.languages.map((option) => (
                    <li key={option.code}>
                      <button
                        type="button"
                        lang={option.code}
                        data-locale={option.code}
                        className={`dropdown-item${option.code === locale ? ' active' : ''}`}
                        aria-current={option.code === locale ? 'true' : undefined}
                      >
                        {option.name}
                      </button>
                    </li>
                  ))}
                  <li>
                    <hr className="dropdown-divider" />
                  </li>
                  <li>
                    <a className="dropdown-item" href="/lang-config">
                      {tLanguage('more')}
                    </a>
                  </li>
                </ul>
              </div>
            </li>
          </ul>
        </div>
      </nav>
    </header>
  );
}

/** A lander's bar: the logo, the language menu (a native disclosure) and the way in. */
function LanderBar(props: { frame: LanderFrame }) {
  const { frame } = props;
  const { settings, locale } = frame;
  const t = useTranslations('Lander');
  const tLanguage = useTranslations('LanguageDropdown');
  return (
    <header className="lander-bar">
      <div className="container lander-bar-inner">
        <a href="/" className="lander-brand">
          <LogoMark size={32} />
          <span>{settings.name}</span>
        </a>
        <div className="lander-bar-actions">
          <details className="lander-language">
            <summary className="btn btn-sm btn-outline-light">
              {locale.toUpperCase()}
              <span className="visually-hidden">
                , {tLanguage('current', { language: LOCALE_NAMES[locale] })}
              </span>
            </summary>
            <div className="lander-language-list" role="group" aria-label={tLanguage('label')}>
              {frame.languages.map((option) => (
                <button
                  key={option.code}
                  type="button"
                  lang={option.code}
                  data-locale={option.code}
                  className={`lander-language-option${option.code === locale ? ' active' : ''}`}
                  aria-current={option.code === locale ? 'true' : undefined}
                >
                  {option.name}
                </button>
              ))}
            </div>
          </details>
          {frame.isMember ? (
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
  );
}
