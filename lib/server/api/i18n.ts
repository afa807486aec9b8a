import 'server-only';
import { createTranslator } from 'use-intl/core';
import { z } from 'zod';
import type { Locale } from '@/lib/shared/locales';
import { SERVER_MESSAGES, type ServerMessages } from '../i18n/messages';

type ErrorKey = keyof ServerMessages['Errors'];

const isErrorKey = (key: string): key is ErrorKey => key in SERVER_MESSAGES.en.Errors;

/** An API error text in the caller's language; an unknown key falls back to the generic text. */
export function errorMessage(
  locale: Locale,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const t = createTranslator({ locale, messages: SERVER_MESSAGES[locale], namespace: 'Errors' });
  return isErrorKey(key) ? t(key, values as never) : t('internal_error');
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
  return Object.entries(fieldErrors(locale, issues))
    .slice(0, 5)
    .map(([field, text]) => (field ? `${field}: ${text}` : text))
    .join('; ');
}

/** Each invalid field's message in the caller's language, keyed by its path (`""` for the whole input). */
export function fieldErrors(locale: Locale, issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const { localeError } = ZOD_LOCALES[locale]();
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (key in fields) continue;
    const localized = localeError(issue as unknown as z.core.$ZodRawIssue);
    fields[key] = typeof localized === 'string' ? localized : (localized?.message ?? issue.message);
  }
  return fields;
}
