import 'server-only';
import type { z } from 'zod';
import type { MailTranslator } from '../mail-translator';

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
}

/** The site a mail is sent for. */
export interface MailSite {
  name: string;
}

/** One kind of mail: the values it needs and how it words them. */
export interface MailTemplate<S extends z.ZodType> {
  values: S;
  /** Checks the values (they come from callers, partly from members) and writes the texts. */
  compose(t: MailTranslator, values: unknown, site: MailSite): MailContent;
}

/** Declares a template; its values are checked against `values` before `write` sees them. */
export function defineMailTemplate<S extends z.ZodType>(
  values: S,
  write: (t: MailTranslator, values: z.output<S>, site: MailSite) => MailContent,
): MailTemplate<S> {
  return { values, compose: (t, raw, site) => write(t, values.parse(raw), site) };
}
