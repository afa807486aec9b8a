'use client';

import { useLocale, useMessages } from 'next-intl';
import { useCallback } from 'react';
import { COUNTRY_NAMES } from '@/lib/i18n/client-messages';
import { countryNameIn } from '@/lib/shared/country-names';

/** A payment country's name in the page's language (the served ones come with the page). */
export function usePaymentCountryName(): (code: string) => string {
  const locale = useLocale();
  const served = (useMessages() as Record<string, unknown>)[COUNTRY_NAMES] as
    Record<string, string> | undefined;
  return useCallback(
    (code: string) => served?.[code] ?? countryNameIn(locale, code) ?? code,
    [served, locale],
  );
}
