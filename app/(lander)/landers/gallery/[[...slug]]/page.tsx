import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { landerContext } from '@/app/(lander)/_lander/lander-context';
import { LanderFictionalNotice, LanderMemberTile, LanderSignupLink } from '@/components/lander/lander-member-tile';
import { PromotedCams } from '@/components/lander/promoted-cams';
import { pageServices } from '@/lib/server/pages/page-services';

type Props = {
  params: Promise<{ slug?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** How many photos the gallery shows before the call to sign up. */
const PHOTOS = 24;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('LanderGallery');
  return { title: t('more'), robots: { index: false } };
}

/**
 * The gallery lander: a large gallery of real members' photos of the visitor's country (the site's
 * niche), the real online count, and the signup.
 */
export default async function GalleryLander(props: Props) {
  const { slug } = await props.params;
  const { settings, audience, place } = await landerContext({
    lander: 'gallery',
    slug,
    searchParams: props.searchParams,
  });
  const [t, tLander, cams] = await Promise.all([
    getTranslations('LanderGallery'),
    getTranslations('Lander'),
    pageServices().promotedCams({ settings, placement: 'gallery' }),
  ]);
  const members = audience.members.slice(0, PHOTOS);

  return (
    <div className="container py-4 lander-gallery">
      <header className="lander-hero text-center">
        <h1 className="lander-title">{t('title', { place })}</h1>
        <p className="lead">{t('lead')}</p>
        <p className="lander-counts">
          <span className="lander-online-dot" aria-hidden="true" /> {tLander('onlineCount', { count: audience.onlineCount })}
        </p>
        <LanderSignupLink>{tLander('signupFree')}</LanderSignupLink>
        <p className="small lander-muted mt-2 mb-0">{tLander('adultsOnly')}</p>
      </header>
      <LanderFictionalNotice members={members} settings={settings} />
      <ul className="lander-gallery-grid" aria-label={t('title', { place })}>
        {members.map((member, index) => (
          <li key={member.id}>
            <a href="/signup" className="lander-gallery-link">
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
      <div className="text-center my-4">
        <LanderSignupLink>{t('more')}</LanderSignupLink>
      </div>
      <PromotedCams cams={cams} siteName={settings.name} />
    </div>
  );
}
