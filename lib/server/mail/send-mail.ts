import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Locale } from '@/lib/shared/locales';
import { getCompanyInfoOrThrow } from '../company/get-company-info';
import { getDb } from '../db/client';
import { mailOutbox } from '../db/schema/mail';
import { env } from '../env';
import { getSettings } from '../settings/get-settings';
import { getMailer } from './get-mailer';
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
  /** Extra headers (List-Unsubscribe on notifications), sent and kept in the outbox. */
  headers?: Readonly<Record<string, string>>;
}

export interface SentMail {
  /** The mail's row in the outbox. */
  id: number;
  /** Handed to the SMTP server; false when no server is configured and the mail is only kept. */
  isDelivered: boolean;
}

/**
 * Renders a mail, records it in the outbox and hands it to the mailer (see `getMailer`): SMTP when
 * SMTP_URL is set, recording the outcome; otherwise it is only kept in the outbox. Throws
 * MailDeliveryError when the SMTP server does not accept the mail.
 */
export async function sendMail<K extends MailKind>(options: SendMailOptions<K>): Promise<SentMail> {
  const { kind, locale, host } = options;
  const to = RecipientSchema.parse(options.to);
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
    .values({
      toAddress: to,
      kind,
      locale,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: { ...options.headers },
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('The outbox did not return the new mail');

  let isDelivered: boolean;
  try {
    isDelivered = await getMailer().deliver({
      outboxId: row.id,
      kind,
      locale,
      to,
      from: env().MAIL_FROM ?? { name: settings.mail_name, address: `noreply@${settings.domain}` },
      replyTo: settings.support_email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: options.headers,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db.update(mailOutbox).set({ error: reason }).where(eq(mailOutbox.id, row.id));
    throw new MailDeliveryError(row.id, `Mail #${row.id} (${kind}) to ${to} was not sent: ${reason}`, {
      cause: error,
    });
  }
  if (isDelivered) await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
  return { id: row.id, isDelivered };
}
