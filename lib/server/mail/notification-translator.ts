import 'server-only';
import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/lib/shared/locales';
import { SERVER_MESSAGES } from '../i18n/messages';

/** The texts of the `NotificationMail` namespace in one language: the notification mails' own words. */
export function notificationTranslator(locale: Locale) {
  return createTranslator({ locale, messages: SERVER_MESSAGES[locale], namespace: 'NotificationMail' });
}

export type NotificationTranslator = ReturnType<typeof notificationTranslator>;
