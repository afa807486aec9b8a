import type { CSSProperties } from 'react';
import { laterSrc } from '@/components/lander/lander-image';
import { useTranslations } from 'next-intl';
import { LanderActivity } from '@/components/lander/lander-activity';
import { LanderLayout } from '@/components/lander/lander-layout';
import { LanderFictionalNotice, LanderSignupLink, landerPhoto } from '@/components/lander/lander-member-tile';
import { LanderMotionToggle } from '@/components/lander/lander-motion-toggle';
import {
  landerServerSideProps,
  type LanderAudience,
  type LanderFrame,
} from '@/lib/server/pages/lander-props';

/** Landers run without the framework's scripts in the browser (pages/_app.tsx). */
export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

/** Members in the slideshow: the styles have a timing for 2 to 6 (styles/landers/_transitionsvideolanding.scss). */
const SLIDES = 6;

export const getServerSideProps = landerServerSideProps({
  lander: 'transitionsvideolanding',
  namespaces: ['LanderTransitions'],
  load: ({ audience }) =>
    Promise.resolve({
      // The slideshow's members: those with a photo.
      audience: {
        ...audience.audience,
        members: audience.audience.members.filter((member) => member.main_image).slice(0, SLIDES),
      },
    }),
});

/**
 * The transitions lander: real members of the visitor's country crossfading one into the next with a
 * slow zoom, like a short film, and their names beside it, lit in step with the photo on show. The
 * motion is CSS over the live members' photos, so what plays is always who is really there now (a
 * member who leaves or hides is gone at once; a film made beforehand would keep showing them). The
 * first photo is the largest paint; reduced motion shows it still, and a button pauses and plays
 * (the landers' script, components/lander/islands/lander-islands.ts).
 */
export default function TransitionsLander(props: LanderAudience & { frame: LanderFrame }) {
  const { frame, audience, place, inCountry } = props;
  const { settings } = frame;
  const t = useTranslations('LanderTransitions');
  const tLander = useTranslations('Lander');
  const slides = audience.members;
  const isMoving = slides.length > 1;

  return (
    <LanderLayout frame={frame} title={t('metaTitle')}>
      <div className="lander-transitions">
        <div className="container">
          <LanderFictionalNotice members={slides} settings={settings} />
          {/* The slideshow and the names beside it move, pause and play together. */}
          <div
            className="lander-transitions-layout"
            data-motion={isMoving ? '' : undefined}
            data-slides={slides.length}
            style={{ '--tl-n': slides.length } as CSSProperties}
          >
            <div className="lander-transitions-intro">
              <p className="lander-transitions-kicker">
                <LanderActivity audience={audience} settings={settings} />
              </p>
              <h1 className="lander-title">{t('title', { place })}</h1>
              <p className="lead">{t('lead')}</p>
            </div>
            {/* The names in the list beside it say in words who is in the slideshow. */}
            <div className="lander-transitions-stage">
              {slides.length === 0 ? (
                <div className="lander-transitions-empty">
                  <p className="mb-0">{t('empty')}</p>
                </div>
              ) : (
                <ul className="lander-transitions-slides" aria-hidden="true">
                  {slides.map((member, index) => (
                    <li
                      key={member.id}
                      className="lander-transitions-slide"
                      style={{ '--tl-i': index } as CSSProperties}
                      data-member={member.id}
                    >
                      {/* eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN, sized already */}
                      <img
                        {...(index === 0
                          ? {
                              src: landerPhoto(settings, member, true) ?? '',
                              fetchPriority: 'high',
                              decoding: 'async',
                            }
                          : laterSrc(landerPhoto(settings, member, true)))}
                        alt=""
                        width={600}
                        height={750}
                      />
                      <p className="lander-transitions-caption">
                        <span className="lander-transitions-name">
                          {member.name}, {member.age}
                          {member.online && (
                            <span
                              className="lander-online-dot"
                              role="img"
                              aria-label={tLander('online')}
                              title={tLander('online')}
                            />
                          )}
                        </span>
                        {(member.city ?? member.region) && (
                          <span className="lander-transitions-place">{member.city ?? member.region}</span>
                        )}
                        {member.fictional && (
                          <span className="lander-fictional">✦ {settings.fictional_singular}</span>
                        )}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
              {isMoving && (
                <LanderMotionToggle
                  className="lander-transitions-toggle"
                  pauseLabel={t('pause')}
                  playLabel={t('play')}
                />
              )}
            </div>

            <div className="lander-transitions-more">
              {slides.length > 0 && (
                <>
                  <h2 className="lander-transitions-names-title">{t('inShow')}</h2>
                  <ol className="lander-transitions-names">
                    {slides.map((member, index) => (
                      <li
                        key={member.id}
                        className="lander-transitions-entry"
                        style={{ '--tl-i': index } as CSSProperties}
                        data-member={member.id}
                      >
                        {/* eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN, sized already */}
                        <img {...laterSrc(landerPhoto(settings, member))} alt="" width={40} height={40} />
                        <span className="lander-transitions-entry-text">
                          <span className="lander-transitions-entry-name">
                            {member.name}, {member.age}
                          </span>
                          {(member.city ?? member.region) && (
                            <span className="lander-transitions-entry-place">
                              {member.city ?? member.region}
                            </span>
                          )}
                        </span>
                        {member.fictional && (
                          <span className="lander-fictional">✦ {settings.fictional_singular}</span>
                        )}
                      </li>
                    ))}
                  </ol>
                </>
              )}
              <p className="lander-transitions-count">
                {tLander('memberCount', { count: audience.memberCount, inCountry })}
              </p>
              <LanderSignupLink>{t('cta')}</LanderSignupLink>
              <p className="small lander-muted mt-2 mb-0">{tLander('adultsOnly')}</p>
            </div>
          </div>
        </div>
      </div>
    </LanderLayout>
  );
}
