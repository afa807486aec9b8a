import { useTranslations } from 'next-intl';
import { LanderLayout } from '@/components/lander/lander-layout';
import { LanderFictionalNotice, LanderSignupLink } from '@/components/lander/lander-member-tile';
import {
  LandingBadges,
  LandingFacts,
  LandingOthers,
  LandingPhoto,
} from '@/components/lander/member-landing-parts';
import { memberLandingServerSideProps, type MemberLanding } from '@/lib/server/pages/member-landing';
import type { LanderFrame } from '@/lib/server/pages/lander-props';

/** Landers run without the framework's scripts in the browser (pages/_app.tsx). */
export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

export const getServerSideProps = memberLandingServerSideProps({ lander: 'member-signup', others: 6 });

/**
 * `/members/{id}/signup`: signing up to write to one member. The member large, ideas for a first
 * message, how it goes; after signing up the new member lands in the chat with them.
 */
export default function MemberSignupLanding(props: { frame: LanderFrame; landing: MemberLanding }) {
  const { frame, landing } = props;
  const { member } = landing;
  const { settings } = frame;
  const t = useTranslations('MemberLanding');
  const tLander = useTranslations('Lander');
  const name = member.name;

  return (
    <LanderLayout frame={frame} title={`${name}, ${member.age}`}>
      <div className="ml-contact">
        <div className="container py-3 py-md-5">
          <LanderFictionalNotice members={landing.shown} settings={settings} />
          <div className="ml-contact-grid">
            <figure className="ml-contact-card">
              <LandingPhoto member={member} settings={settings} alt={t('photoAlt', { name })} />
              <figcaption className="ml-contact-caption">
                <span className="ml-name">
                  {name}, {member.age}
                </span>
                <span className="ml-place">{landing.location}</span>
                <LandingBadges member={member} settings={settings} onlineLabel={tLander('online')} />
              </figcaption>
            </figure>
            <div className="ml-contact-panel">
              <p className="ml-eyebrow">{t('contactEyebrow')}</p>
              <h1 className="ml-title">{t('writeTo', { name })}</h1>
              <p className="ml-lead">{t('contactLead', { name })}</p>
              <LandingFacts facts={landing.facts} className="ml-facts-inline" />
              <section className="ml-openers" aria-labelledby="ml-openers-title">
                <h2 id="ml-openers-title" className="ml-subtitle">
                  {t('openersTitle')}
                </h2>
                <ul>
                  <li>{t('opener1', { name })}</li>
                  <li>{t('opener2', { name })}</li>
                  <li>{t('opener3', { name, town: landing.town })}</li>
                </ul>
              </section>
              <div className="ml-cta-block">
                <LanderSignupLink
                  afterSignup={landing.chatPath}
                  className="btn btn-secondary btn-lg lander-cta ml-cta"
                >
                  {t('contactCta', { name })}
                </LanderSignupLink>
                <p className="ml-fineprint">{tLander('adultsOnly')}</p>
              </div>
              <section aria-labelledby="ml-steps-title">
                <h2 id="ml-steps-title" className="ml-subtitle">
                  {t('stepsTitle')}
                </h2>
                <ol className="ml-steps">
                  <li>{t('step1')}</li>
                  <li>{t('step2')}</li>
                  <li>{t('step3', { name })}</li>
                </ol>
              </section>
            </div>
          </div>
          <LandingOthers
            members={landing.others}
            settings={settings}
            title={landing.othersTitle}
            onlineLabel={tLander('online')}
            headingId="ml-others-title"
          />
        </div>
      </div>
    </LanderLayout>
  );
}
