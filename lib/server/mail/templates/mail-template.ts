import 'server-only';
import type { z } from 'zod';
import type { Locale } from '@/lib/shared/locales';
import type { MailTranslator } from '../mail-translator';

/** A member shown in a mail: photo, name and a line about them, linking to their page. */
export interface MailCard {
  title: string;
  detail: string;
  link: string;
  /** An absolute photo address with its text alternative; null shows the name's initial. */
  image: { src: string; alt: string } | null;
}

/** Why the reader gets a notification mail, and how to change or stop it (notifications only). */
export interface MailNotice {
  /** Which setting sends this mail. */
  reason: string;
  /** The notification settings page. */
  manage: { label: string; link: string };
  /** The page that stops this kind of mail with one click. */
  unsubscribe: { label: string; link: string };
}

/** What a mail says, before it is laid out as plain text and HTML. */
export interface MailContent {
  subject: string;
  greeting: string;
  /** Paragraphs before the button. */
  intro: readonly string[];
  /** The one thing the reader should do, shown as a button and written out. */
  action?: { label: string; link: string };
  /** Paragraphs after the button. */
  outro: readonly string[];
  /** Members the mail is about (likes, new members), shown between the intro and the button. */
  cards?: readonly MailCard[];
  /** Shown above the company lines of notification mails. */
  notice?: MailNotice;
}

/** The site a mail is sent for. */
export interface MailSite {
  name: string;
}

/** One kind of mail: the values it needs and how it words them. */
export interface MailTemplate<S extends z.ZodType> {
  values: S;
  /** Checks the values (they come from callers, partly from members) and writes the texts. */
  compose(t: MailTranslator, values: unknown, site: MailSite, locale: Locale): MailContent;
}

/**
 * Declares a template; its values are checked against `values` before `write` sees them. `locale`
 * is for templates whose texts live in a namespace of their own (notifications).
 */
export function defineMailTemplate<S extends z.ZodType>(
  values: S,
  write: (t: MailTranslator, values: z.output<S>, site: MailSite, locale: Locale) => MailContent,
): MailTemplate<S> {
  return { values, compose: (t, raw, site, locale) => write(t, values.parse(raw), site, locale) };
}
