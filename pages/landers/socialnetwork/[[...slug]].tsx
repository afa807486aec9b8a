import Head from 'next/head';
import { laterSrc } from '@/components/lander/lander-image';
import { useTranslations } from 'next-intl';
import { Fragment } from 'react';
import { LanderActivity } from '@/components/lander/lander-activity';
import { LanderLayout } from '@/components/lander/lander-layout';
import { LanderFictionalNotice, LanderSignupLink, landerPhoto } from '@/components/lander/lander-member-tile';
import {
  landerServerSideProps,
  type LanderAudience,
  type LanderFrame,
} from '@/lib/server/pages/lander-props';
import type { MemberCard } from '@/lib/shared/schemas/members';

/** Landers run without the framework's scripts in the browser (pages/_app.tsx). */
export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

/** How many profiles the feed shows, and after how many a call to sign up comes between them. */
const POSTS = 12;
const SIGNUP_EVERY = 4;
/** How many online members the side panel names. */
const ONLINE_SHOWN = 6;

export const getServerSideProps = landerServerSideProps({
  lander: 'socialnetwork',
  namespaces: ['LanderSocialnetwork'],
  // The feed's profiles, and the online members the side panel names.
  load: ({ audience: { audience } }) =>
    Promise.resolve({
      audience: { ...audience, members: audience.members.slice(0, POSTS) },
      online: audience.members.filter((member) => member.online).slice(0, ONLINE_SHOWN),
    }),
});

function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M12 20s-7-4.3-8.8-8.7C1.9 8 3.8 5 7 5c2 0 3.3 1.1 5 3 1.7-1.9 3-3 5-3 3.2 0 5.1 3 3.8 6.3C19 15.7 12 20 12 20z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.9"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function BubbleIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M20 11.5c0 4.1-3.6 7.5-8 7.5-1.2 0-2.3-.2-3.3-.6L4 20l1.4-3.9C4.5 14.8 4 13.2 4 11.5 4 7.4 7.6 4 12 4s8 3.4 8 7.5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.9"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The social-network lander: a feed of real members' profiles as cards (photo, name, age, town,
 * online state — nothing they did not do: no invented posts, comments or counts), with buttons to
 * like and to write that ask the visitor to sign up, and a side panel with the real counts.
 */
export default function SocialNetworkLander(
  props: LanderAudience & { frame: LanderFrame; online: MemberCard[] },
) {
  const { frame, audience, place, countryName, online, inCountry, fromCountry, fromPlace } = props;
  const { settings } = frame;
  const t = useTranslations('LanderSocialnetwork');
  const tLander = useTranslations('Lander');
  const posts = audience.members;
  const shown = [...posts, ...online.filter((member) => !posts.some((post) => post.id === member.id))];
  // The first post's photo is the largest thing on the screen: fetched at once, with the styles.
  const lead = posts[0] && landerPhoto(settings, posts[0], true);

  return (
    <LanderLayout frame={frame} title={t('metaTitle')}>
      {lead && (
        <Head>
          <link rel="preload" as="image" href={lead} fetchPriority="high" />
        </Head>
      )}
      <div className="lander-social">
        <div className="container social-layout">
          <header className="social-head">
            <h1 className="lander-title">{t('title', { place })}</h1>
            <p className="social-lead">{t('lead', { fromCountry })}</p>
            <div className="social-head-cta">
              <LanderSignupLink>{tLander('signupFree')}</LanderSignupLink>
            </div>
            <LanderFictionalNotice members={shown} settings={settings} />
          </header>

          <section className="social-feed" aria-label={t('feedLabel')}>
            {posts.map((member, index) => {
              const photo = landerPhoto(settings, member, true);
              const avatar = landerPhoto(settings, member);
              const where = member.city ?? member.region ?? countryName;
              const titleId = `social-post-${member.id}`;
              return (
                <Fragment key={member.id}>
                  <article className="social-post" aria-labelledby={titleId} data-testid="social-post">
                    <header className="social-post-head">
                      {avatar && (
                        // eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN, sized already
                        <img
                          className="social-avatar"
                          {...(index < 2 ? { src: avatar, decoding: 'async' } : laterSrc(avatar))}
                          alt=""
                          width={44}
                          height={44}
                        />
                      )}
                      <div className="social-post-who">
                        <h2 id={titleId} className="social-post-name">
                          {member.name}, {member.age}
                        </h2>
                        <p className="social-post-meta">
                          {where}
                          {member.online && (
                            <span className="social-online-chip">
                              <span className="lander-online-dot" aria-hidden="true" />
                              {tLander('online')}
                            </span>
                          )}
                        </p>
                      </div>
                      {member.fictional && (
                        <span className="lander-fictional">✦ {settings.fictional_singular}</span>
                      )}
                    </header>
                    <a href="/signup" className="social-post-photo" tabIndex={-1} aria-hidden="true">
                      {photo && (
                        // eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN, sized already
                        <img
                          {...(index < 2
                            ? {
                                src: photo,
                                fetchPriority: index === 0 ? 'high' : undefined,
                                decoding: 'async',
                              }
                            : laterSrc(photo))}
                          alt=""
                          width={600}
                          height={750}
                        />
                      )}
                    </a>
                    <footer className="social-post-actions">
                      <a
                        href="/signup"
                        className="social-action"
                        aria-label={t('likeLabel', { name: member.name })}
                      >
                        <HeartIcon />
                        <span>{t('like')}</span>
                      </a>
                      <a
                        href="/signup"
                        className="social-action"
                        aria-label={t('writeLabel', { name: member.name })}
                      >
                        <BubbleIcon />
                        <span>{t('write')}</span>
                      </a>
                      <a href="/signup" className="social-action social-action-profile">
                        {t('viewProfile')}
                      </a>
                    </footer>
                  </article>
                  {(index + 1) % SIGNUP_EVERY === 0 && index + 1 < posts.length && (
                    <div className="social-card social-between">
                      <p className="social-between-title">{t('betweenTitle', { fromPlace })}</p>
                      <LanderSignupLink className="btn btn-secondary lander-cta">
                        {tLander('signupFree')}
                      </LanderSignupLink>
                    </div>
                  )}
                </Fragment>
              );
            })}
            <div className="social-card social-end">
              <h2 className="social-card-title">{t('endTitle')}</h2>
              <p className="social-muted">{t('endText', { count: audience.memberCount, inCountry })}</p>
              <LanderSignupLink>{t('endCta')}</LanderSignupLink>
            </div>
          </section>

          <aside className="social-aside" aria-labelledby="social-join-title">
            <div className="social-card social-join">
              <h2 id="social-join-title" className="social-card-title">
                {t('joinTitle', { site: settings.name })}
              </h2>
              <p className="social-muted">{t('joinText')}</p>
              <ul className="social-counts">
                <li>{tLander('memberCount', { count: audience.memberCount, inCountry })}</li>
                <li>
                  <LanderActivity audience={audience} settings={settings} />
                </li>
              </ul>
              <LanderSignupLink className="btn btn-secondary lander-cta w-100">
                {tLander('signupFree')}
              </LanderSignupLink>
              <p className="small social-muted mt-2 mb-0">{tLander('adultsOnly')}</p>
            </div>
            {online.length > 0 && (
              <div className="social-card social-online">
                <h2 className="social-card-title">{t('onlineTitle')}</h2>
                <ul className="social-online-list">
                  {online.map((member) => {
                    const photo = landerPhoto(settings, member);
                    return (
                      <li key={member.id}>
                        <a href="/signup" className="social-person">
                          {photo ? (
                            // eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN, sized already
                            <img {...laterSrc(photo)} alt="" width={40} height={40} />
                          ) : (
                            <span className="social-avatar-empty" />
                          )}
                          <span className="social-person-name">
                            {member.name}, {member.age}
                            {member.fictional && (
                              <span className="lander-fictional">✦ {settings.fictional_singular}</span>
                            )}
                          </span>
                          <span className="lander-online-dot" role="img" aria-label={tLander('online')} />
                        </a>
                      </li>
                    );
                  })}
                </ul>
              </div>
            )}
          </aside>
        </div>
      </div>
    </LanderLayout>
  );
}
