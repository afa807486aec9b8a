import { useTranslations } from 'next-intl';
import { LanderActivity } from '@/components/lander/lander-activity';
import { LanderLayout } from '@/components/lander/lander-layout';
import {
  LanderFictionalNotice,
  LanderMemberTile,
  LanderSignupLink,
} from '@/components/lander/lander-member-tile';
import {
  landerServerSideProps,
  type LanderAudience,
  type LanderFrame,
} from '@/lib/server/pages/lander-props';

/** Landers run without the framework's scripts in the browser (pages/_app.tsx). */
export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

/** How many members the strip shows. */
const STRIP = 10;

/** What members have on the site, each with its icon (24×24 strokes): only features the product has. */
const FEATURES = {
  search: 'M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM20 20l-4.8-4.8',
  likes:
    'M9 19s-6-3.7-6-8.2C3 8.5 4.6 7 6.5 7 7.8 7 8.6 7.7 9 8.5 9.4 7.7 10.2 7 11.5 7M15 21s-5-3.1-5-6.8C10 12.3 11.3 11 13 11c1 0 1.7.6 2 1.2.3-.6 1-1.2 2-1.2 1.7 0 3 1.3 3 3.2 0 3.7-5 6.8-5 6.8z',
  chat: 'M4 5h16v11H9l-5 4V5zM8 9.5h8M8 12.5h5',
  swipe: 'M8 4h9a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM4 7v11M21 13l-2 2 2 2',
  invisible:
    'M3 3l18 18M10.6 6.1A10 10 0 0 1 12 6c5 0 9 6 9 6a17 17 0 0 1-2.6 3.2M6.5 7.6C4.4 9.2 3 12 3 12s4 6 9 6c1.5 0 2.9-.5 4.1-1.2M9.9 9.9a3 3 0 0 0 4.2 4.2',
  block: 'M12 3l7 3v6c0 4.2-3 7.6-7 9-4-1.4-7-4.8-7-9V6l7-3zM9 9l6 6M15 9l-6 6',
  confirmed: 'M3 6h18v12H3V6zM3 7l9 6 9-6M15.5 17.5l2 2 3.5-3.5',
  photos: 'M4 6h16v13H4V6zM4 16l4.5-4.5 3.5 3.5 2.5-2.5L20 18M15.5 10a1.5 1.5 0 1 0 0-.01',
} as const;
type Feature = keyof typeof FEATURES;

function FeatureIcon(props: { feature: Feature }) {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path
        d={FEATURES[props.feature]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export const getServerSideProps = landerServerSideProps({
  lander: 'iconslanding',
  namespaces: ['LanderIconslanding'],
  load: ({ audience: { audience } }) =>
    Promise.resolve({
      audience: { ...audience, members: audience.members.slice(0, STRIP) },
    }),
});

/**
 * The icons lander: what the site offers, feature by feature with an icon (only what the product
 * really does), then a strip of real members with the real member count, and the signup.
 */
export default function IconsLander(props: LanderAudience & { frame: LanderFrame }) {
  const { frame, audience, inCountry, inPlace } = props;
  const { settings } = frame;
  const t = useTranslations('LanderIconslanding');
  const tLander = useTranslations('Lander');
  const members = audience.members;
  const features = Object.keys(FEATURES) as Feature[];

  return (
    <LanderLayout frame={frame} title={t('metaTitle')}>
      <div className="lander-icons">
        <header className="icons-hero">
          <div className="container icons-hero-inner">
            <div className="icons-hero-copy">
              <h1 className="lander-title">{t('title', { inPlace })}</h1>
              <p className="icons-lead">{t('lead', { site: settings.name })}</p>
              <LanderSignupLink className="btn btn-primary btn-lg lander-cta">
                {tLander('signupFree')}
              </LanderSignupLink>
              <p className="small icons-hero-note mt-2 mb-0">{tLander('adultsOnly')}</p>
            </div>
            <div className="icons-orbit" aria-hidden="true">
              <span className="icons-orbit-core">
                <FeatureIcon feature="likes" />
              </span>
              {(['search', 'chat', 'confirmed', 'invisible'] as const).map((feature) => (
                <span key={feature} className={`icons-orbit-item icons-orbit-${feature}`}>
                  <FeatureIcon feature={feature} />
                </span>
              ))}
            </div>
          </div>
        </header>

        <section className="container icons-features" aria-labelledby="icons-features-title">
          <h2 id="icons-features-title" className="icons-section-title">
            {t('featuresTitle', { site: settings.name })}
          </h2>
          <ul className="icons-grid">
            {features.map((feature) => (
              <li key={feature} className="icons-feature">
                <span className={`icons-feature-icon icons-tone-${feature}`}>
                  <FeatureIcon feature={feature} />
                </span>
                <h3 className="icons-feature-title">{t(`features.${feature}.title`)}</h3>
                <p className="icons-feature-text">{t(`features.${feature}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>

        {members.length > 0 && (
          <section className="container icons-members" aria-labelledby="icons-members-title">
            <h2 id="icons-members-title" className="icons-section-title">
              {tLander('memberCount', { count: audience.memberCount, inCountry })}
            </h2>
            <p className="icons-members-lead">
              <LanderActivity audience={audience} settings={settings} />
            </p>
            <LanderFictionalNotice members={members} settings={settings} />
            <ul className="icons-strip">
              {members.map((member, index) => (
                <li key={member.id}>
                  <a href="/signup" className="icons-strip-link">
                    <LanderMemberTile
                      member={member}
                      settings={settings}
                      onlineLabel={tLander('online')}
                      priority={index < 2}
                    />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}

        <section className="container icons-final" aria-labelledby="icons-final-title">
          <div className="icons-final-card">
            <h2 id="icons-final-title" className="icons-final-title">
              {t('finalTitle')}
            </h2>
            <p className="icons-final-text">{t('finalText')}</p>
            <LanderSignupLink className="btn btn-primary btn-lg lander-cta">{t('finalCta')}</LanderSignupLink>
          </div>
        </section>
      </div>
    </LanderLayout>
  );
}
