import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Locale } from '@/lib/shared/locales';
import { getCompanyInfoOrThrow } from '../company/get-company-info';
import { getDb } from '../db/client';
import { mailOutbox } from '../db/schema/mail';
import { env } from '../env';
import { getSettings } from '../settings/get-settings';
import { extractLinks } from './extract-links';
import { getSmtpTransport } from './get-smtp-transport';
import { mailConfig } from './mail-config';
import { MailDeliveryError } from './mail-delivery-error';
import { renderMail } from './render-mail';
import type { MailKind, MailValues } from './templates/mail-templates';

// Address syntax is the accounts domain's business; this only keeps header injection out.
const RecipientSchema = z
  .string()
  .trim()
  .regex(/^[^\s@]+@[^\s@]+$/, 'not an e-mail address');

export interface SendMailOptions<K extends MailKind> {
  to: string;
  kind: K;
  /** The recipient's language, not the current request's. */
  locale: Locale;
  /** The host of the site the mail is about: its name, sender domain and company. */
  host: string | null | undefined;
  values: MailValues[K];
}

export interface SentMail {
  /** The mail's row in the outbox. */
  id: number;
  /** Handed to the SMTP server; false when no server is configured and the mail is only kept. */
  isDelivered: boolean;
}

let hasWarnedUndelivered = false;

/**
 * Renders a mail and sends it: through SMTP when SMTP_URL is set, recording the outcome in the
 * outbox; otherwise it is only kept in the outbox and its links are logged for the developer.
 * Throws MailDeliveryError when the SMTP server does not accept the mail.
 */
export async function sendMail<K extends MailKind>(options: SendMailOptions<K>): Promise<SentMail> {
  const { kind, locale, host } = options;
  const to = RecipientSchema.parse(options.to);
  const config = mailConfig();
  const [settings, company] = await Promise.all([
    getSettings({ host, locale }),
    getCompanyInfoOrThrow({ host }),
  ]);
  const mail = renderMail({
    kind,
    locale,
    values: options.values,
    site: { name: settings.name, supportEmail: settings.support_email },
    company,
  });

  const db = await getDb();
  const [row] = await db
    .insert(mailOutbox)
    .values({ toAddress: to, kind, locale, subject: mail.subject, text: mail.text, html: mail.html })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('The outbox did not return the new mail');

  if (!config.smtpUrl) {
    if (env().NODE_ENV === 'production' && !hasWarnedUndelivered) {
      hasWarnedUndelivered = true;
      console.warn('[mail] SMTP_URL is not set: mail is kept in the mail_outbox table, not delivered.');
    }
    const links = extractLinks(mail.text).map((link) => `\n  ${link}`);
    console.info(`[mail] #${row.id} ${kind} to ${to} (${locale}): ${mail.subject}${links.join('')}`);
    return { id: row.id, isDelivered: false };
  }

  try {
    await getSmtpTransport(config.smtpUrl).sendMail({
      from: config.from ?? { name: settings.mail_name, address: `noreply@${settings.domain}` },
      // Answers reach customer service rather than the unattended sender address.
      replyTo: settings.support_email,
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db.update(mailOutbox).set({ error: reason }).where(eq(mailOutbox.id, row.id));
    throw new MailDeliveryError(row.id, `Mail #${row.id} (${kind}) to ${to} was not sent: ${reason}`, {
      cause: error,
    });
  }
  await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
  return { id: row.id, isDelivered: true };
}
