'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useApi } from '@/lib/api/api-context';
import { useSettings, useUser } from '@/lib/api/hooks';
import { memberQuery } from '@/lib/api/members';
import { hasFeaturePage } from '@/lib/shared/feature-pages';
import { LikeButton } from './like-button';
import { Portrait } from './match-dialog';

/**
 * How the viewer and one member stand (`/likes/m/{id}`): a match with both photos and the way to
 * write, or the like one of them gave, with what would make it a match. The member comes with the
 * page; liking and taking back update it here as everywhere.
 */
export function LikeWith(props: { memberId: number }) {
  const t = useTranslations('Likes');
  const { data: member } = useQuery(memberQuery(useApi(), props.memberId));
  const { data: user } = useUser();
  const { data: settings } = useSettings();
  if (!member || !user || !settings) return null;

  const state = member.match
    ? 'match'
    : member.likes_viewer
      ? 'likesYou'
      : member.liked_by_viewer
        ? 'youLike'
        : 'none';
  const profileHref = `/members/${member.id}`;
  const canWrite = member.match && hasFeaturePage('/chats');

  return (
    <section className={`like-with like-with-${state}`} aria-labelledby="like-with-title">
      <div className="like-with-faces" aria-hidden="true">
        <Portrait
          person={{ name: user.profile.name, image: user.profile.main_image }}
          cdnPrefix={settings.cdn_prefix}
          className="match-face match-face-viewer"
        />
        <Portrait
          person={{ name: member.name, image: member.main_image }}
          cdnPrefix={settings.cdn_prefix}
          className="match-face match-face-member"
        />
        <span className={`match-heart ${state === 'match' ? '' : 'is-half'}`}>♥</span>
      </div>
      <h1 id="like-with-title" className="like-with-title">
        {t(`with.title.${state}`, { name: member.name })}
      </h1>
      <p className="like-with-text">{t(`with.text.${state}`, { name: member.name })}</p>
      <div className="like-with-actions">
        {canWrite ? (
          <Link href={`/members/${member.id}/chat`} className="btn btn-primary btn-lg" prefetch={false}>
            {t('with.write', { name: member.name })}
          </Link>
        ) : null}
        <LikeButton member={member} hideLikesYou />
        <Link href={profileHref} className="btn btn-outline-secondary" prefetch={false}>
          {t('with.profile', { name: member.name })}
        </Link>
      </div>
      <p className="mt-4 mb-0">
        <Link href={member.match ? '/likes/matches' : '/likes'} prefetch={false}>
          {member.match ? t('with.allMatches') : t('with.allLikes')}
        </Link>
      </p>
    </section>
  );
}
