'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { ChatPartner } from '@/lib/shared/schemas/chat';

/**
 * The chat partner as the chat shows them: a member whose account was purged has no name left, and
 * is shown as a former member instead of a blank.
 */
export function useShownPartner(): <P extends Pick<ChatPartner, 'name'>>(partner: P) => P {
  const t = useTranslations('Chats');
  return useCallback(
    <P extends Pick<ChatPartner, 'name'>>(partner: P): P =>
      partner.name ? partner : { ...partner, name: t('formerMember') },
    [t],
  );
}
