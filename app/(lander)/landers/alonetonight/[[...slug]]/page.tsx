import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { landerContext } from '@/app/(lander)/_lander/lander-context';
import { LanderFictionalNotice, LanderMemberTile, LanderSignupLink } from '@/components/lander/lander-member-tile';

type Props = {
  params: Promise<{ slug?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** How many members the night list shows. */
const SHOWN = 12;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('LanderAlonetonight');
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * The "alone tonight" lander, in night colours: who of the visitor's country is really online now,
 * with the real count. When nobody is, it says so and shows who was here most recently instead.
 */
export default async function AloneTonightLander(props: Props) {
  const { slug } = await props.params;
  const { settings, audience, place, countryName } = await landerContext({
    lander: 'alonetonight',
    slug,
    searchParams: props.searchParams,
  });
  const [t, tLander] = await Promise.all([getTranslations('LanderAlonetonight'), getTranslations('Lander')]);
  const online = audience.members.filter((member) => member.online);
  const isOnlineShown = online.length > 0;
  const members = (isOnlineShown ? online : audience.members).slice(0, SHOWN);

  return (
    <div className="lander-alonetonight" data-bs-theme="dark">
      <div className="night-sky" aria-hidden="true" />
      <div className="container night-content">
        <header className="night-hero">
          <span className="night-moon" aria-hidden="true" />
          <p className="night-kicker">{t('kicker')}</p>
          <h1 className="lander-title">{t('title', { place })}</h1>
          <p className="night-lead">
            {audience.onlineCount > 0
              ? t('leadOnline', { count: audience.onlineCount, country: countryName })
              : t('leadNobody', { country: countryName })}
          </p>
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
  );
}
