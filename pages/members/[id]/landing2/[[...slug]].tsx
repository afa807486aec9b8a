import { useTranslations } from 'next-intl';
import { LanderLayout } from '@/components/lander/lander-layout';
import { LanderFictionalNotice, LanderSignupLink } from '@/components/lander/lander-member-tile';
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

export const getServerSideProps = memberLandingServerSideProps({ lander: 'member-landing2', others: 8 });

/**
 * `/members/{id}/landing2/{slug?}`: one member as a magazine page: the photo filling half the screen,
 * the profile beside it, what signing up brings; then a row of other members. The campaign slug (a
 * town or region where members live) names the place.
 */
export default function MemberEditorialLanding(props: { frame: LanderFrame; landing: MemberLanding }) {
  const { frame, landing } = props;
  const { member, audience } = landing;
  const { settings } = frame;
  const t = useTranslations('MemberLanding');
  const tLander = useTranslations('Lander');
  const tOptions = useTranslations('ProfileOptions');
  const name = member.name;

  return (
    <LanderLayout frame={frame} title={`${name}, ${member.age}`}>
      <div className="ml-edit">
        <div className="ml-edit-split">
          <div className="ml-edit-media">
            <LandingPhoto member={member} settings={settings} alt={t('photoAlt', { name })} />
          </div>
          <div className="ml-edit-panel">
            <LanderFictionalNotice members={landing.shown} settings={settings} />
            <p className="ml-eyebrow">{t('editorialEyebrow', { site: settings.name })}</p>
            <h1 className="ml-title ml-edit-title">
              {name}, {member.age}
            </h1>
            <p className="ml-place">
              <LandingIcon name="pin" />
              {landing.location}
            </p>
            <LandingBadges member={member} settings={settings} onlineLabel={tLander('online')} />
            <p className="ml-lead">{t('editorialLead', { name })}</p>
            <LandingFacts facts={landing.facts} className="ml-facts-lined" />
            <LandingInterests
              interests={landing.interests}
              title={tOptions('fields.interests')}
              headingId="ml-interests-title"
            />
            <div className="ml-cta-block">
              <LanderSignupLink
                afterSignup={landing.profilePath}
                className="btn btn-secondary btn-lg lander-cta ml-cta"
              >
                {t('getToKnow', { name })}
              </LanderSignupLink>
              <LandingLockedPhotos
                photos={landing.lockedPhotos}
                label={t('morePhotos', { count: landing.lockedPhotos.length })}
                afterSignup={landing.profilePath}
              />
            </div>
            <ul className="ml-checks">
              <li>{tLander('adultsOnly')}</li>
              <li>{t('privateEmail')}</li>
              <li>{tLander('memberCount', { count: audience.memberCount, inCountry: landing.inCountry })}</li>
            </ul>
          </div>
        </div>
        <div className="container">
          <LandingOthers
            members={landing.others}
            settings={settings}
            title={landing.othersTitle}
            onlineLabel={tLander('online')}
            headingId="ml-others-title"
            className="ml-others-row"
          />
        </div>
      </div>
    </LanderLayout>
  );
}
