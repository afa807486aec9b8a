import 'server-only';
import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/lib/shared/locales';
import type { PushKind } from '@/lib/shared/schemas/push';
import { SERVER_MESSAGES } from '../i18n/messages';

/** A push's title and text in the recipient's language. Messages are announced, never quoted. */
export function pushTexts(options: {
  locale: Locale;
  kind: PushKind;
  name: string;
  isNewConversation?: boolean;
  messageKind?: string;
}): { title: string; body: string } {
  const t = createTranslator({
    locale: options.locale,
    messages: SERVER_MESSAGES[options.locale],
    namespace: 'PushNotifications',
  });
  const { name } = options;
  switch (options.kind) {
    case 'message':
      return {
        title: options.isNewConversation ? t('conversationTitle', { name }) : t('messageTitle', { name }),
        body: t('messageBody', { name, kind: options.messageKind ?? 'text' }),
      };
    case 'like':
      return { title: t('likeTitle'), body: t('likeBody', { name }) };
    case 'match':
      return { title: t('matchTitle'), body: t('matchBody', { name }) };
  }
}
