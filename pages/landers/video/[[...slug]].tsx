import { useTranslations } from 'next-intl';
import { laterSrc } from '@/components/lander/lander-image';
import { LanderActivity } from '@/components/lander/lander-activity';
import { LanderLayout } from '@/components/lander/lander-layout';
import {
  LanderFictionalNotice,
  LanderMemberTile,
  LanderSignupLink,
  landerPhoto,
} from '@/components/lander/lander-member-tile';
import { LanderMotionToggle } from '@/components/lander/lander-motion-toggle';
import type { LanderVideo } from '@/lib/server/landers/lander-video';
import {
  landerServerSideProps,
  type LanderAudience,
  type LanderFrame,
} from '@/lib/server/pages/lander-props';
import { pageServices } from '@/lib/server/pages/page-services';

/** Landers run without the framework's scripts in the browser (pages/_app.tsx). */
export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

/** Members shown under the video. */
const MEMBERS = 8;
/** Photos behind the headline on a site without a stored video. */
const BACKDROP = 6;

export const getServerSideProps = landerServerSideProps({
  lander: 'video',
  namespaces: ['LanderVideo'],
  load: async ({ audience }) => ({
    // The members under the video (the backdrop's photos are the first of them).
    audience: {
      ...audience.audience,
      members: audience.audience.members.slice(0, Math.max(MEMBERS, BACKDROP)),
    },
    video: await pageServices().landerVideo(),
  }),
});

/** Attribute-safe text for the video's raw markup. */
const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The video lander: a muted, looping background video made from the demo portraits (stored in photo
 * storage and served under the site's cdn_prefix; see scripts/landers/lander-video.ts) behind the
 * headline and the signup, then real members of the visitor's country with the real counts. The
 * poster is a real image fetched first, so it is the largest paint, not the video; visitors who ask
 * for reduced motion see the poster, and everyone has a pause and play button (the landers' script,
 * components/lander/islands/lander-islands.ts). A site without the video shows its members' photos
 * behind the headline instead.
 */
export default function VideoLander(
  props: LanderAudience & { frame: LanderFrame; video: LanderVideo | null },
) {
  const { frame, audience, place, video, inCountry } = props;
  const { settings } = frame;
  const t = useTranslations('LanderVideo');
  const tLander = useTranslations('Lander');
  const members = audience.members.slice(0, MEMBERS);
  const cdn = settings.cdn_prefix;
  const backdrop = audience.members.slice(0, BACKDROP).flatMap((member) => {
    const photo = landerPhoto(settings, member, true);
    return photo ? [photo] : [];
  });

  return (
    <LanderLayout frame={frame} title={t('metaTitle')}>
      <div className="lander-video">
        <section className="lander-video-hero" data-motion aria-labelledby="lander-video-title">
          {video ? (
            <div className="lander-video-media" aria-hidden="true">
              <picture>
                <source type="image/webp" srcSet={`${cdn}${video.posterWebp}`} />
                <img
                  className="lander-video-poster"
                  src={`${cdn}${video.poster}`}
                  alt=""
                  width={video.width}
                  height={video.height}
                  fetchPriority="high"
                  decoding="async"
                />
              </picture>
              {/*
                Written as markup so the server's HTML already says muted: React sets `muted` only as
                a property, and a browser plays a video on its own only when it is muted. The poster
                is the WebP the picture above loads, so it is fetched once.
              */}
              <div
                className="lander-video-frame"
                dangerouslySetInnerHTML={{
                  __html: `<video class="lander-video-player" autoplay muted loop playsinline preload="auto" disablepictureinpicture disableremoteplayback tabindex="-1" width="${video.width}" height="${video.height}" poster="${attr(cdn + video.posterWebp)}"><source src="${attr(cdn + video.webm)}" type="video/webm"><source src="${attr(cdn + video.mp4)}" type="video/mp4"></video>`,
                }}
              />
            </div>
          ) : (
            <div className="lander-video-media lander-video-backdrop" aria-hidden="true">
              {backdrop.map((photo, index) => (
                // eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN, sized already
                <img
                  key={photo}
                  {...(index < 2
                    ? { src: photo, fetchPriority: 'high', decoding: 'async' }
                    : laterSrc(photo))}
                  alt=""
                  width={600}
                  height={800}
                />
              ))}
            </div>
          )}
          <div className="lander-video-shade" aria-hidden="true" />
          <div className="container lander-video-content">
            <p className="lander-video-kicker">
              <LanderActivity audience={audience} settings={settings} />
            </p>
            <h1 id="lander-video-title" className="lander-title lander-video-title">
              {t('title', { place })}
            </h1>
            <p className="lander-video-lead">{t('lead')}</p>
            <LanderSignupLink>{tLander('signupFree')}</LanderSignupLink>
            <p className="lander-video-adults">{tLander('adultsOnly')}</p>
          </div>
          {video && (
            <LanderMotionToggle
              className="lander-video-toggle"
              pauseLabel={t('pause')}
              playLabel={t('play')}
            />
          )}
        </section>

        <div className="container lander-video-members">
          <LanderFictionalNotice members={members} settings={settings} />
          <div className="lander-video-members-head">
            <h2 className="lander-video-members-title">{t('membersTitle', { place })}</h2>
            <p className="lander-muted mb-0">
              {tLander('memberCount', { count: audience.memberCount, inCountry })}
            </p>
          </div>
          {members.length === 0 ? (
            <p className="lander-muted">{t('empty')}</p>
          ) : (
            <ul className="lander-video-grid">
              {members.map((member) => (
                <li key={member.id} data-member={member.id}>
                  <a href="/signup" className="lander-gallery-link">
                    <LanderMemberTile member={member} settings={settings} onlineLabel={tLander('online')} />
                  </a>
                </li>
              ))}
            </ul>
          )}
          <div className="text-center my-4">
            <LanderSignupLink>{t('more')}</LanderSignupLink>
          </div>
        </div>
      </div>
    </LanderLayout>
  );
}
