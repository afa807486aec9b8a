import { useTranslations } from 'next-intl';
import { laterSrc } from '@/components/lander/lander-image';
import { LanderLayout } from '@/components/lander/lander-layout';
import { LanderFictionalNotice, LanderSignupLink, landerPhoto } from '@/components/lander/lander-member-tile';
import {
  LandingBadges,
  LandingIcon,
  LandingPhoto,
  LandingStories,
} from '@/components/lander/member-landing-parts';
import { memberLandingServerSideProps, type MemberLanding } from '@/lib/server/pages/member-landing';
import type { LanderFrame } from '@/lib/server/pages/lander-props';

/** Landers run without the framework's scripts in the browser (pages/_app.tsx). */
export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

/** How many members' photos the backdrop mosaic holds. */
const MOSAIC = 18;
const PILL_FIELDS = new Set<string>(['relationship_status', 'sexuality', 'body_type']);

export const getServerSideProps = memberLandingServerSideProps({ lander: 'member-landing3', others: 8 });

/**
 * `/members/{id}/landing3/{slug?}`: one member as an instant photo on a dimmed mosaic of other real
 * members, with a glass panel to say hello; then the others as round portraits. The campaign slug
 * (a town or region where members live) names their place.
 */
export default function MemberMosaicLanding(props: { frame: LanderFrame; landing: MemberLanding }) {
  const { frame, landing } = props;
  const { member, audience } = landing;
  const { settings } = frame;
  const t = useTranslations('MemberLanding');
  const tLander = useTranslations('Lander');
  const name = member.name;
  // Words that stand alone (a colour would not): status, sexuality, build, then interests.
  const pills = [
    ...landing.facts.filter((fact) => PILL_FIELDS.has(fact.field)).map((fact) => fact.value),
    ...landing.interests.slice(0, 3),
  ];
  // The backdrop shows photos without names: only members of flesh and blood.
  const mosaic = audience.members
    .filter((m) => m.id !== member.id && !m.fictional)
    .slice(0, MOSAIC)
    .flatMap((m) => {
      const src = landerPhoto(settings, m);
      return src ? [{ id: m.id, src }] : [];
    });

  return (
    <LanderLayout frame={frame} title={`${name}, ${member.age}`}>
      <div className="ml-mosaic">
        <section className="ml-mosaic-hero" aria-labelledby="ml-title">
          <ul className="ml-mosaic-bg" aria-hidden="true">
            {mosaic.map((tile) => (
              <li key={tile.id}>
                {/* eslint-disable-next-line @next/next/no-img-element -- thumbnails from the site's CDN, decorative */}
                <img {...laterSrc(tile.src)} alt="" fetchPriority="low" />
              </li>
            ))}
          </ul>
          <div className="container ml-mosaic-inner">
            <LanderFictionalNotice members={landing.shown} settings={settings} />
            <div className="ml-mosaic-stage">
              <div className="ml-polaroid">
                <LandingPhoto member={member} settings={settings} alt={t('photoAlt', { name })} />
                <span className="ml-polaroid-name" aria-hidden="true">
                  {name}
                </span>
              </div>
              <div className="ml-glass">
                <p className="ml-eyebrow">{t('contactEyebrow')}</p>
                <h1 id="ml-title" className="ml-title">
                  {name}, {member.age}
                </h1>
                <p className="ml-place">
                  <LandingIcon name="pin" />
                  {landing.location}
                </p>
                <LandingBadges member={member} settings={settings} onlineLabel={tLander('online')} />
                {pills.length > 0 && (
                  <ul className="ml-pills" aria-label={t('aboutTitle', { name })}>
                    {pills.map((text, index) => (
                      <li key={index}>{text}</li>
                    ))}
                  </ul>
                )}
                <p className="ml-lead">{t('mosaicLead', { name })}</p>
                <LanderSignupLink
                  afterSignup={landing.chatPath}
                  className="btn btn-secondary btn-lg lander-cta ml-cta"
                >
                  {t('sayHello', { name })}
                </LanderSignupLink>
                <LanderSignupLink afterSignup={landing.profilePath} className="ml-secondary-link">
                  {t('viewProfile')}
                </LanderSignupLink>
                <p className="ml-fineprint">
                  {audience.onlineCount > 0 && <span className="lander-online-dot" aria-hidden="true" />}{' '}
                  {tLander('onlineCount', { count: audience.onlineCount })}
                </p>
              </div>
            </div>
          </div>
        </section>
        <div className="container">
          <LandingStories
            members={landing.others}
            settings={settings}
            title={landing.othersTitle}
            onlineLabel={tLander('online')}
            headingId="ml-others-title"
          />
          <div className="text-center my-4">
            <LanderSignupLink>{tLander('signupFree')}</LanderSignupLink>
            <p className="ml-fineprint mt-2">{tLander('adultsOnly')}</p>
          </div>
        </div>
      </div>
    </LanderLayout>
  );
}
