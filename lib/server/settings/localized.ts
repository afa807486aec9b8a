import 'server-only';
import type { LocalizedText } from '../db/schema/reference';
import { DEFAULT_LOCALE, type Locale } from '@/lib/shared/locales';

/** A site text in the caller's language, falling back to English, then any language. */
export function pickText(text: LocalizedText, locale: Locale): string {
  return text[locale] ?? text[DEFAULT_LOCALE] ?? Object.values(text).find(Boolean) ?? '';
}
