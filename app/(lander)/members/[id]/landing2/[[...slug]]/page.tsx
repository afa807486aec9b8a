import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LanderFictionalNotice, LanderSignupLink } from '@/components/lander/lander-member-tile';
import { memberLanding, memberLandingMetadata } from '../../_landing/member-landing';
import {
  LandingBadges,
  LandingFacts,
  LandingInterests,
  LandingLockedPhotos,
  LandingOthers,
  LandingPhoto,
  LandingIcon,
} from '../../_landing/member-landing-parts';

type Props = {
  params: Promise<{ id: string; slug?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export function generateMetadata(props: Props): Promise<Metadata> {
  return memberLandingMetadata(props.params);
}

/**
 * `/members/{id}/landing2/{slug?}`: one member as a magazine page: the photo filling half the screen,
 * the profile beside it, what signing up brings; then a row of other members. The campaign slug (a
 * town or region where members live) names the place.
 */
export default async function MemberEditorialLanding(props: Props) {
  const landing = await memberLanding({
    params: props.params,
    searchParams: props.searchParams,
    lander: 'member-landing2',
    others: 8,
  });
  const { member, settings, audience } = landing;
  const [t, tLander, tOptions] = await Promise.all([
    getTranslations('MemberLanding'),
    getTranslations('Lander'),
    getTranslations('ProfileOptions'),
  ]);
  const name = member.name;

  return (
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
            <li>{tLander('memberCount', { count: audience.memberCount, country: landing.countryName })}</li>
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
  );
}
