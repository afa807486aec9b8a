import 'server-only';
import { createTranslator } from 'use-intl/core';
import { z } from 'zod';
import da from '@/messages/da.json';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fi from '@/messages/fi.json';
import fr from '@/messages/fr.json';
import it from '@/messages/it.json';
import nb from '@/messages/nb.json';
import nl from '@/messages/nl.json';
import pl from '@/messages/pl.json';
import sv from '@/messages/sv.json';
import type { Locale } from '@/lib/shared/locales';
import type { ErrorCode } from '@/lib/shared/schemas/errors';

const MESSAGES = { da, de, en, es, fi, fr, it, nb, nl, pl, sv } satisfies Record<Locale, typeof en>;

/** The API's error texts in the caller's language. */
export function errorMessage(
  locale: Locale,
  code: ErrorCode | 'invalid_json',
  values: { detail?: string; seconds?: number } = {},
): string {
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'Errors' });
  switch (code) {
    case 'validation_failed':
      return t('validation_failed', { detail: values.detail ?? '' });
    case 'rate_limited':
      return t('rate_limited', { seconds: values.seconds ?? 60 });
    default:
      return t(code);
  }
}

const ZOD_LOCALES: Record<Locale, () => { localeError: z.core.$ZodErrorMap }> = {
  da: z.locales.da,
  de: z.locales.de,
  en: z.locales.en,
  es: z.locales.es,
  fi: z.locales.fi,
  fr: z.locales.fr,
  it: z.locales.it,
  nb: z.locales.no,
  nl: z.locales.nl,
  pl: z.locales.pl,
  sv: z.locales.sv,
};

/** One readable line for a failed validation, each issue prefixed with its field, in the caller's language. */
export function describeIssues(locale: Locale, issues: readonly z.core.$ZodIssue[]): string {
  const { localeError } = ZOD_LOCALES[locale]();
  return issues
    .slice(0, 5)
    .map((issue) => {
      const localized = localeError(issue as unknown as z.core.$ZodRawIssue);
      const text = typeof localized === 'string' ? localized : (localized?.message ?? issue.message);
      const field = issue.path.map(String).join('.');
      return field ? `${field}: ${text}` : text;
    })
    .join('; ');
}
