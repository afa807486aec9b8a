import Head from 'next/head';
import { useTranslations } from 'next-intl';
import { LanderLayout } from '@/components/lander/lander-layout';
import {
  LanderFictionalNotice,
  LanderMemberTile,
  LanderSignupLink,
  landerPhoto,
} from '@/components/lander/lander-member-tile';
import {
  landerServerSideProps,
  type LanderAudience,
  type LanderFrame,
} from '@/lib/server/pages/lander-props';

/** Landers run without the framework's scripts in the browser (pages/_app.tsx). */
export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

/** The places of the collage around the headline (grid areas, see styles/landers/_collagelanding.scss). */
const HERO_AREAS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;
/** How many more photos follow in the second collage. */
const MORE = 12;

export const getServerSideProps = landerServerSideProps({
  lander: 'collagelanding',
  namespaces: ['LanderCollagelanding'],
  load: ({ audience: { audience } }) =>
    Promise.resolve({
      audience: { ...audience, members: audience.members.slice(0, HERO_AREAS.length + MORE) },
    }),
});

/**
 * The collage lander: real members' photos in tiles of several sizes around the headline and the
 * signup, then a second collage. A place without a member stays a plain brand tile: no photo is
 * shown twice.
 */
export default function CollageLander(props: LanderAudience & { frame: LanderFrame }) {
  const { frame, audience, inCountry, fromCountry, fromPlace } = props;
  const { settings } = frame;
  const t = useTranslations('LanderCollagelanding');
  const tLander = useTranslations('Lander');
  const hero = audience.members.slice(0, HERO_AREAS.length);
  const more = audience.members.slice(HERO_AREAS.length, HERO_AREAS.length + MORE);
  const onlineLabel = tLander('online');
  // The large tile is the largest thing on the screen: fetched at once, with the styles.
  const lead = hero[0] && landerPhoto(settings, hero[0], true);

  return (
    <LanderLayout frame={frame} title={t('metaTitle')}>
      {lead && (
        <Head>
          <link rel="preload" as="image" href={lead} fetchPriority="high" />
        </Head>
      )}
      <div className="lander-collage">
        <div className="container collage-frame">
          <LanderFictionalNotice members={[...hero, ...more]} settings={settings} />
          <div className="collage-grid collage-hero">
            <header className="collage-panel">
              <p className="collage-kicker">{t('kicker', { inCountry })}</p>
              <h1 className="lander-title">{t('title', { fromPlace })}</h1>
              <p className="collage-lead">{t('lead')}</p>
              <p className="collage-count">
                {tLander('memberCount', { count: audience.memberCount, inCountry })}
              </p>
              <LanderSignupLink>{t('cta')}</LanderSignupLink>
              <p className="small lander-muted mt-2 mb-0">{tLander('adultsOnly')}</p>
            </header>
            {HERO_AREAS.map((area, index) => {
              const member = hero[index];
              return member ? (
                <a key={area} href="/signup" className={`collage-tile collage-area-${area}`}>
                  <LanderMemberTile
                    member={member}
                    settings={settings}
                    onlineLabel={onlineLabel}
                    large={area === 'a'}
                    priority={index < 3}
                  />
                </a>
              ) : (
                <span key={area} className={`collage-fill collage-area-${area}`} aria-hidden="true" />
              );
            })}
          </div>
          {more.length > 0 && (
            <section className="collage-more" aria-labelledby="collage-more-title">
              <h2 id="collage-more-title" className="collage-more-title">
                {t('moreTitle', { fromCountry })}
              </h2>
              <div className="collage-grid collage-flow">
                {more.map((member) => (
                  <a key={member.id} href="/signup" className="collage-tile">
                    <LanderMemberTile member={member} settings={settings} onlineLabel={onlineLabel} />
                  </a>
                ))}
              </div>
            </section>
          )}
          <div className="collage-end">
            <p className="collage-end-text">{t('endText')}</p>
            <LanderSignupLink>{t('ctaMore')}</LanderSignupLink>
          </div>
        </div>
      </div>
    </LanderLayout>
  );
}
