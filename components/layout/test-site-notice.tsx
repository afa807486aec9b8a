import { useTranslations } from 'next-intl';

/**
 * The strip a test site (payments on the sandbox, ALLOW_SANDBOX_PAYMENTS=1) carries above every page,
 * the members' app and the landers alike: in the page's flow, so it covers nothing, and a landmark of
 * its own, so a screen reader finds it. Rendered on the server (landers ship no framework).
 */
export function TestSiteNotice() {
  const t = useTranslations('TestSite');
  return (
    <aside className="test-site-notice" aria-labelledby="test-site-notice-label">
      <p className="test-site-notice-inner">
        <span id="test-site-notice-label" className="test-site-badge">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            {/* A flask: something being tried out. */}
            <path
              d="M9 3h6M10 3v6.2L4.6 18.4A1.7 1.7 0 0 0 6 21h12a1.7 1.7 0 0 0 1.4-2.6L14 9.2V3M7.4 15h9.2"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.9"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {t('label')}
        </span>
        <span className="test-site-text">{t('text')}</span>
      </p>
    </aside>
  );
}
