'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { useSettings, useUser } from '@/lib/api/hooks';
import { useLike, useLikes, useUnlike } from '@/lib/api/likes';
import type { LikeRequestSource } from '@/lib/shared/schemas/likes';
import type { MemberCard } from '@/lib/shared/schemas/members';
import { HeartGlyph } from './heart-glyph';
import { MatchDialog } from './match-dialog';

/**
 * The heart on a member's card in a list of people: like from the list, or take the like back. A
 * like back shows the match moment. Visitors are led to signup. Whether the member is liked comes
 * from the viewer's likes (`GET /api/likes.php`), which the lists share.
 */
export function CardLikeButton(props: {
  member: Pick<MemberCard, 'id' | 'name' | 'main_image'>;
  /** Where the like is given: a card (default) or the signup matches. */
  source?: LikeRequestSource;
}) {
  const t = useTranslations('Likes');
  const tErrors = useTranslations('Errors');
  const { data: user } = useUser();
  const { data: settings } = useSettings();
  const { data: likes } = useLikes(Boolean(user));
  const like = useLike(props.source);
  const unlike = useUnlike();
  const [matched, setMatched] = useState(false);
  const { member } = props;
  const label = t('likeName', { name: member.name });

  if (!user) {
    return (
      <Link href="/signup" className="card-like" aria-label={label} prefetch={false}>
        <HeartGlyph filled={false} size={20} />
      </Link>
    );
  }
  const isLiked = likes?.profiles.some((p) => p.id === member.id) ?? false;
  const failure = like.error ?? unlike.error;
  return (
    <>
      <button
        type="button"
        className={`card-like${isLiked ? ' is-liked' : ''}`}
        aria-label={label}
        aria-pressed={isLiked}
        disabled={like.isPending || unlike.isPending || !likes}
        onClick={() => {
          like.reset();
          unlike.reset();
          if (isLiked) unlike.mutate(member.id);
          else like.mutate(member.id, { onSuccess: (answer) => setMatched(answer.match) });
        }}
      >
        <HeartGlyph filled={isLiked} size={20} />
      </button>
      {failure ? (
        <p className="card-like-error" role="alert">
          {readApiFailure(failure).message ?? tErrors('internal_error')}
        </p>
      ) : null}
      {matched && settings ? (
        <MatchDialog
          viewer={{ name: user.profile.name, image: user.profile.main_image }}
          member={{ name: member.name, image: member.main_image }}
          cdnPrefix={settings.cdn_prefix}
          onClose={() => setMatched(false)}
        />
      ) : null}
    </>
  );
}
