import { useTranslations } from 'next-intl';
import { LanderActivity } from '@/components/lander/lander-activity';
import { LanderLayout } from '@/components/lander/lander-layout';
import {
  LanderFictionalNotice,
  LanderMemberTile,
  LanderSignupLink,
} from '@/components/lander/lander-member-tile';
import { PromotedCams } from '@/components/lander/promoted-cams';
import {
  landerServerSideProps,
  type LanderAudience,
  type LanderFrame,
} from '@/lib/server/pages/lander-props';
import { pageServices } from '@/lib/server/pages/page-services';
import type { PromotedCamCard } from '@/lib/shared/values/cams';

/** Landers run without the framework's scripts in the browser (pages/_app.tsx). */
export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

/** How many photos the gallery shows before the call to sign up. */
const PHOTOS = 24;

export const getServerSideProps = landerServerSideProps({
  lander: 'gallery',
  namespaces: ['LanderGallery', 'PromotedCams'],
  load: async ({ frame, audience }) => ({
    audience: { ...audience.audience, members: audience.audience.members.slice(0, PHOTOS) },
    cams: await pageServices().promotedCams({ settings: frame.settings, placement: 'gallery' }),
  }),
});

/**
 * The gallery lander: a large gallery of real members' photos of the visitor's country (the site's
 * niche), the real online count, and the signup.
 */
export default function GalleryLander(
  props: LanderAudience & { frame: LanderFrame; cams: PromotedCamCard[] },
) {
  const { frame, audience, inPlace } = props;
  const { settings } = frame;
  const t = useTranslations('LanderGallery');
  const tLander = useTranslations('Lander');
  const members = audience.members;

  return (
    <LanderLayout frame={frame} title={t('more')}>
      <div className="container py-4 lander-gallery">
        <header className="lander-hero text-center">
          <h1 className="lander-title">{t('title', { inPlace })}</h1>
          <p className="lead">{t('lead')}</p>
          <p className="lander-counts">
            <LanderActivity audience={audience} settings={settings} />
          </p>
          <LanderSignupLink>{tLander('signupFree')}</LanderSignupLink>
          <p className="small lander-muted mt-2 mb-0">{tLander('adultsOnly')}</p>
        </header>
        <LanderFictionalNotice members={members} settings={settings} />
        <ul className="lander-gallery-grid" aria-label={t('title', { inPlace })}>
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
        <PromotedCams cams={props.cams} siteName={settings.name} />
      </div>
    </LanderLayout>
  );
}
