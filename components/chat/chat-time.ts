'use client';

import { differenceInCalendarDays, format, formatDistanceToNowStrict, isSameDay } from 'date-fns';
import { da, de, enGB, es, fi, fr, it, nb, nl, pl, sv, type Locale as DateLocale } from 'date-fns/locale';
import { useLocale } from 'next-intl';

const DATE_LOCALES: Record<string, DateLocale> = { da, de, en: enGB, es, fi, fr, it, nb, nl, pl, sv };

/** The date-fns locale of the page's language. */
export function useDateLocale(): DateLocale {
  return DATE_LOCALES[useLocale()] ?? enGB;
}

/**
 * When a conversation last moved, as the list says it: relative within the last week ("5 min ago"),
 * then the date.
 */
export function listTime(sentAt: string, locale: DateLocale, now = new Date()): string {
  const date = new Date(sentAt);
  if (differenceInCalendarDays(now, date) >= 7) return format(date, 'P', { locale });
  return formatDistanceToNowStrict(date, { addSuffix: true, locale });
}

/** A message's time of day ("14:05" or "2:05 PM", as the language writes it). */
export const messageTime = (sentAt: string, locale: DateLocale) => format(new Date(sentAt), 'p', { locale });

/** Which day a separator names: today, yesterday, or the date itself. */
export function dayLabel(
  sentAt: string,
  locale: DateLocale,
  words: { today: string; yesterday: string },
  now = new Date(),
): string {
  const date = new Date(sentAt);
  const days = differenceInCalendarDays(now, date);
  if (days === 0) return words.today;
  if (days === 1) return words.yesterday;
  if (days < 7) return format(date, 'EEEE', { locale });
  return format(date, 'PPP', { locale });
}

export const isSameCalendarDay = (a: string, b: string) => isSameDay(new Date(a), new Date(b));
