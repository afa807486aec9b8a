import 'server-only';
import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/lib/shared/locales';
import { SERVER_MESSAGES } from '../i18n/messages';

/** The texts of the `Mail` namespace in one language. */
export function mailTranslator(locale: Locale) {
  return createTranslator({ locale, messages: SERVER_MESSAGES[locale], namespace: 'Mail' });
}

export type MailTranslator = ReturnType<typeof mailTranslator>;
