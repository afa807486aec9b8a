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

/** How many members the night list shows. */
const SHOWN = 12;

export const getServerSideProps = landerServerSideProps({
  lander: 'alonetonight',
  namespaces: ['LanderAlonetonight'],
  // The members shown: who is online now, else who was here most recently.
  load: ({ audience: { audience } }) => {
    const online = audience.members.filter((member) => member.online);
    const isOnlineShown = online.length > 0;
    return Promise.resolve({
      isOnlineShown,
      audience: { ...audience, members: (isOnlineShown ? online : audience.members).slice(0, SHOWN) },
    });
  },
});

/**
 * The "alone tonight" lander, in night colours: who of the visitor's country is really online now,
 * with the real count. When nobody is, it says so and shows who was here most recently instead.
 */
export default function AloneTonightLander(
  props: LanderAudience & { frame: LanderFrame; isOnlineShown: boolean },
) {
  const { frame, audience, isOnlineShown, inCountry, inPlace } = props;
  const members = audience.members;
  const { settings } = frame;
  const t = useTranslations('LanderAlonetonight');
  const tLander = useTranslations('Lander');

  return (
    <LanderLayout frame={frame} title={t('metaTitle')}>
      <div className="lander-alonetonight" data-bs-theme="dark">
        <div className="night-sky" aria-hidden="true" />
        <div className="container night-content">
          <header className="night-hero">
            <span className="night-moon" aria-hidden="true" />
            <p className="night-kicker">{t('kicker')}</p>
            <h1 className="lander-title">{t('title', { inPlace })}</h1>
            <p className="night-lead">
              {audience.onlineCount > 0
                ? t('leadOnline', { count: audience.onlineCount, inCountry })
                : t('leadRecent', { inCountry })}
            </p>
            {audience.onlineCount === 0 ? (
              <p className="night-recent">
                <LanderActivity audience={audience} settings={settings} />
              </p>
            ) : null}
            <LanderSignupLink>{t('cta')}</LanderSignupLink>
            <p className="small night-muted mt-2 mb-0">{tLander('adultsOnly')}</p>
          </header>
          <LanderFictionalNotice members={members} settings={settings} />
          <section className="night-section" aria-labelledby="night-members-title">
            <h2 id="night-members-title" className="night-section-title" data-testid="night-members-title">
              {isOnlineShown && <span className="night-pulse" aria-hidden="true" />}
              {isOnlineShown ? t('onlineTitle') : t('recentTitle')}
            </h2>
            {!isOnlineShown && <p className="night-muted">{t('recentLead')}</p>}
            <ul className="night-grid">
              {members.map((member, index) => (
                <li key={member.id}>
                  <a href="/signup" className="night-tile-link">
                    <LanderMemberTile
                      member={member}
                      settings={settings}
                      onlineLabel={tLander('online')}
                      priority={index < 4}
                    />
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <div className="night-end">
            <p className="night-end-text">{t('endText')}</p>
            <LanderSignupLink>{t('ctaMore')}</LanderSignupLink>
          </div>
        </div>
      </div>
    </LanderLayout>
  );
}
