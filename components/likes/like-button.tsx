'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { useSettings, useUser } from '@/lib/api/hooks';
import { useLike, useUnlike } from '@/lib/api/likes';
import type { MemberDetail } from '@/lib/shared/schemas/members';
import { usePageHolesPending } from '../providers/page-holes';
import { HeartGlyph } from './heart-glyph';
import { MatchDialog } from './match-dialog';

/**
 * Like a member, or take the like back. A like of someone who already liked the viewer is a match,
 * shown at once. Visitors are led to signup (a dialog on desktops, the signup page on phones).
 */
export function LikeButton(props: {
  member: Pick<MemberDetail, 'id' | 'name' | 'main_image' | 'liked_by_viewer' | 'likes_viewer' | 'match'>;
  /** Leaves out the 'Likes you' hint where the page says so already. */
  hideLikesYou?: boolean;
}) {
  const t = useTranslations('Likes');
  const tErrors = useTranslations('Errors');
  const { data: user } = useUser();
  const { data: settings } = useSettings();
  const like = useLike();
  const unlike = useUnlike();
  const [matched, setMatched] = useState(false);
  // Until the page knows how the viewer stands to the member (a page rendered once for their class).
  const isStandingUnknown = usePageHolesPending();
  const { member } = props;

  if (!user) {
    return (
      <Link href="/signup" className="btn btn-secondary like-button" prefetch={false}>
        <HeartGlyph filled={false} />
        {t('like')}
      </Link>
    );
  }

  const isLiked = member.liked_by_viewer;
  const likesYou = member.likes_viewer;
  const isPending = like.isPending || unlike.isPending || isStandingUnknown;
  const failure = like.error ?? unlike.error;

  return (
    <div className="like-control">
      <button
        type="button"
        className={`btn like-button ${isLiked ? 'btn-outline-secondary is-liked' : 'btn-secondary'}`}
        aria-pressed={isLiked}
        disabled={isPending}
        onClick={() => {
          like.reset();
          unlike.reset();
          if (isLiked) unlike.mutate(member.id);
          else like.mutate(member.id, { onSuccess: (answer) => setMatched(answer.match) });
        }}
      >
        <HeartGlyph filled={isLiked} />
        {member.match ? t('matched') : isLiked ? t('liked') : t('like')}
      </button>
      {!isLiked && likesYou && !props.hideLikesYou ? (
        <p className="small text-body-secondary mb-0 mt-1">{t('likesYou')}</p>
      ) : null}
      <div aria-live="polite" className="visually-hidden">
        {member.match
          ? t('matchText', { name: member.name })
          : isLiked
            ? t('likedStatus', { name: member.name })
            : ''}
      </div>
      {failure ? (
        <div className="alert alert-danger mt-2 mb-0 py-2 small" role="alert">
          {readApiFailure(failure).message ?? tErrors('internal_error')}
        </div>
      ) : null}
      {matched && settings ? (
        <MatchDialog
          viewer={{ name: user.profile.name, image: user.profile.main_image }}
          member={{ name: member.name, image: member.main_image }}
          cdnPrefix={settings.cdn_prefix}
          onClose={() => setMatched(false)}
        />
      ) : null}
    </div>
  );
}
