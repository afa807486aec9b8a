'use client';

import { useLocale, useMessages, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { COUNTRY_NAMES } from '@/lib/i18n/client-messages';
import { countryNameIn } from '@/lib/shared/country-names';
import type en from '@/messages/en.json';

type Catalogue = typeof en;

/** Whether a key read at run time (a slug, a country code) has a message in a namespace. */
function hasKey<N extends 'Interests' | 'RegionLabels'>(
  messages: Partial<Catalogue>,
  namespace: N,
  key: string,
): key is keyof Catalogue[N] & string {
  const entries = messages[namespace];
  return entries !== undefined && Object.hasOwn(entries, key);
}

/**
 * A country's name in the page's language: the served countries' names come with the page
 * (`CountryNames`), others from the browser's own list (`Intl.DisplayNames`).
 */
export function useCountryName(): (code: string) => string {
  const locale = useLocale();
  const served = (useMessages() as Record<string, unknown>)[COUNTRY_NAMES] as
    Record<string, string> | undefined;
  return useCallback(
    (code: string) => served?.[code] ?? countryNameIn(locale, code) ?? code,
    [served, locale],
  );
}

/** An interest's label by its slug; a slug without a translation is shown as it is. */
export function useInterestLabel(): (slug: string) => string {
  const t = useTranslations('Interests');
  const messages = useMessages();
  return useCallback((slug: string) => (hasKey(messages, 'Interests', slug) ? t(slug) : slug), [t, messages]);
}

/** What a country calls its regions ("Province", "State", ...), else the plain field name. */
export function useRegionLabel(): (country: string) => string {
  const t = useTranslations('RegionLabels');
  const tFields = useTranslations('ProfileOptions.fields');
  const messages = useMessages();
  return useCallback(
    (country: string) => (hasKey(messages, 'RegionLabels', country) ? t(country) : tFields('region')),
    [t, tFields, messages],
  );
}

/** The address of a stored image: the site's CDN prefix followed by the file name. */
export const imageUrl = (cdnPrefix: string, filename: string): string => `${cdnPrefix}${filename}`;
