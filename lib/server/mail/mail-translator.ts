import 'server-only';
import { createTranslator } from 'use-intl/core';
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

const MESSAGES = { da, de, en, es, fi, fr, it, nb, nl, pl, sv } satisfies Record<Locale, typeof en>;

/** The texts of the `Mail` namespace in one language. */
export function mailTranslator(locale: Locale) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace: 'Mail' });
}

export type MailTranslator = ReturnType<typeof mailTranslator>;
