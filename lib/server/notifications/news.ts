import 'server-only';
import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@/lib/shared/locales';

const PerLocale = <T extends z.ZodType>(value: T) =>
  z
    .partialRecord(z.enum(LOCALES), value)
    .refine((texts) => texts[DEFAULT_LOCALE] !== undefined, `needs at least "${DEFAULT_LOCALE}"`);

/**
 * A news mail as an operator writes it (`node dist/db.js news --file news.json`): a subject and a
 * text per language (paragraphs separated by a blank line), English at least, which members of
 * languages without their own get; a path on the site the button opens, and its label per language.
 */
export const NewsSchema = z.object({
  /** Names this news: it is sent once per member under this id, however often it is queued. */
  id: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,63}$/i, 'letters, digits, dots, dashes (up to 64)'),
  subjects: PerLocale(z.string().trim().min(1).max(200)),
  texts: PerLocale(z.string().trim().min(1).max(20_000)),
  /** A path on the member's site, such as /members (the default). */
  link: z
    .string()
    .regex(/^\/(?!\/)[^\s]*$/, 'a path on the site, such as /members')
    .default('/members'),
  buttons: z.partialRecord(z.enum(LOCALES), z.string().trim().min(1).max(80)).default({}),
});
export type News = z.output<typeof NewsSchema>;

/** The news in one language: its own texts, else the English ones. */
export function newsIn(news: News, locale: Locale) {
  const pick = <T>(texts: Partial<Record<Locale, T>>): T | undefined =>
    texts[locale] ?? texts[DEFAULT_LOCALE];
  const text = pick(news.texts) ?? '';
  return {
    subject: pick(news.subjects) ?? '',
    paragraphs: text
      .split(/\r?\n\s*\r?\n/)
      .map((p) => p.trim())
      .filter(Boolean),
    button: news.buttons[locale] ?? null,
  };
}

/** Languages that have no text of their own and get the English one. */
export function missingNewsLocales(news: News): Locale[] {
  return LOCALES.filter((locale) => !news.subjects[locale] || !news.texts[locale]);
}
