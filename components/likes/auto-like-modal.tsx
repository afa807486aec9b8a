'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useApi } from '@/lib/api/api-context';
import { useSettings, useUser } from '@/lib/api/hooks';
import { likesQuery } from '@/lib/api/likes';
import type { LikerProfile } from '@/lib/shared/schemas/likes';
import { AUTO_LIKE_RELOAD_MS } from '@/lib/shared/values/likes';
import { LikeModal } from './like-modal';

/** The URL without the query parameter `name`, for history.replaceState. */
export function withoutParam(href: string, name: string): string {
  const url = new URL(href);
  url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * After `seconds`, asks for an auto-like (`GET /api/auto-like.php`), shows the like modal for the
 * liker and takes `t` out of the URL; the likes are reloaded AUTO_LIKE_RELOAD_MS after the call,
 * so the badge and the lists show the new like. Loaded only when a page is opened with `t`.
 */
export default function AutoLikeModal(props: { seconds: number; param: string; onDone: () => void }) {
  const t = useTranslations('LikeModal');
  const api = useApi();
  const queryClient = useQueryClient();
  const router = useRouter();
  const { data: user } = useUser();
  const { data: settings } = useSettings();
  const [liker, setLiker] = useState<LikerProfile | null>(null);
  const { seconds, param, onDone } = props;

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      api
        .get<LikerProfile>('auto-like.php')
        .then(
          ({ data }) => {
            if (!cancelled) setLiker(data);
          },
          () => {
            // Nobody to show today: the page stays as it is.
            if (!cancelled) onDone();
          },
        )
        .finally(() => {
          window.history.replaceState(window.history.state, '', withoutParam(window.location.href, param));
          // Outlives the modal: the like shows in the badge and lists even when it closed at once.
          setTimeout(() => {
            void queryClient.fetchQuery({ ...likesQuery(api), staleTime: 0 }).catch(() => undefined);
            void queryClient.invalidateQueries({ queryKey: ['likes', 'list'] });
          }, AUTO_LIKE_RELOAD_MS);
        });
    }, seconds * 1000);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [api, queryClient, seconds, param, onDone]);

  if (!liker) return null;
  const showFictional = liker.fictional && (!user || user.fictional_icon);
  return (
    <LikeModal
      liker={liker}
      actionLabel={t('viewProfile')}
      fictionalLabel={showFictional ? (settings?.fictional_singular ?? null) : null}
      onAction={(id) => {
        onDone();
        router.push(`/members/${id}`);
      }}
      onClose={onDone}
    />
  );
}
