import { useTranslations } from 'next-intl';
import { LanderLayout } from '@/components/lander/lander-layout';
import { LanderFictionalNotice, LanderSignupLink, landerPhoto } from '@/components/lander/lander-member-tile';
import {
  LandingBadges,
  LandingFacts,
  LandingIcon,
  LandingInterests,
  LandingLockedPhotos,
  LandingOthers,
  LandingPhoto,
} from '@/components/lander/member-landing-parts';
import { memberLandingServerSideProps, type MemberLanding } from '@/lib/server/pages/member-landing';
import type { LanderFrame } from '@/lib/server/pages/lander-props';

/** Landers run without the framework's scripts in the browser (pages/_app.tsx). */
export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

export const getServerSideProps = memberLandingServerSideProps({ lander: 'member-landing', others: 6 });

/**
 * `/members/{id}/landing`: one member in the spotlight, as a dating app shows a profile card: the
 * photo large over its own soft blur, like and write (both by signing up), then what the profile
 * says, the photos still to see, and other members.
 */
export default function MemberSpotlightLanding(props: { frame: LanderFrame; landing: MemberLanding }) {
  const { frame, landing } = props;
  const { member, audience } = landing;
  const { settings } = frame;
  const t = useTranslations('MemberLanding');
  const tLander = useTranslations('Lander');
  const tOptions = useTranslations('ProfileOptions');
  const name = member.name;
  const backdrop = landerPhoto(settings, member);
  const locked = landing.lockedPhotos.length;
  const hasAbout = landing.facts.length > 0 || landing.interests.length > 0 || locked > 0;

  return (
    <LanderLayout frame={frame} title={`${name}, ${member.age}`}>
      <div className="ml-spot">
        <section className="ml-spot-hero" aria-labelledby="ml-title">
          {backdrop && (
            // eslint-disable-next-line @next/next/no-img-element -- the thumbnail, blurred behind the card
            <img className="ml-spot-backdrop" src={backdrop} alt="" aria-hidden="true" fetchPriority="low" />
          )}
          <div className="container ml-spot-inner">
            <LanderFictionalNotice members={landing.shown} settings={settings} />
            <div className="ml-spot-card">
              <LandingPhoto member={member} settings={settings} alt={t('photoAlt', { name })} />
              <div className="ml-spot-caption">
                <LandingBadges member={member} settings={settings} onlineLabel={tLander('online')} />
                <h1 id="ml-title" className="ml-name">
                  {name}, {member.age}
                </h1>
                <p className="ml-place">
                  <LandingIcon name="pin" />
                  {landing.location}
                </p>
              </div>
            </div>
            <div className="ml-spot-actions">
              <LanderSignupLink afterSignup={landing.profilePath} className="ml-action ml-action-like">
                <span className="ml-action-icon">
                  <LandingIcon name="heart" />
                </span>
                <span className="ml-action-label">{t('likeCta', { name })}</span>
              </LanderSignupLink>
              <LanderSignupLink afterSignup={landing.chatPath} className="ml-action ml-action-write">
                <span className="ml-action-icon">
                  <LandingIcon name="chat" />
                </span>
                <span className="ml-action-label">{t('writeTo', { name })}</span>
              </LanderSignupLink>
            </div>
            <p className="ml-fineprint ml-spot-fineprint">{tLander('adultsOnly')}</p>
          </div>
        </section>

        <div className="container ml-spot-body">
          <section className="ml-spot-about" aria-labelledby={hasAbout ? 'ml-about-title' : 'ml-title'}>
            {hasAbout && (
              <h2 id="ml-about-title" className="ml-section-title">
                {t('aboutTitle', { name })}
              </h2>
            )}
            <LandingFacts facts={landing.facts} className="ml-facts-tiles" />
            <LandingInterests
              interests={landing.interests}
              title={tOptions('fields.interests')}
              headingId="ml-interests-title"
            />
            <LandingLockedPhotos
              photos={landing.lockedPhotos}
              label={t('morePhotos', { count: locked })}
              afterSignup={landing.profilePath}
            />
            <LanderSignupLink
              afterSignup={landing.profilePath}
              className="btn btn-secondary btn-lg lander-cta ml-cta"
            >
              {t('viewProfile')}
            </LanderSignupLink>
          </section>
          <LandingOthers
            members={landing.others}
            settings={settings}
            title={landing.othersTitle}
            onlineLabel={tLander('online')}
            headingId="ml-others-title"
          />
          <p className="lander-counts ml-counts">
            {audience.onlineCount > 0 && <span className="lander-online-dot" aria-hidden="true" />}
            {tLander('onlineCount', { count: audience.onlineCount })}
          </p>
        </div>
      </div>
    </LanderLayout>
  );
}
