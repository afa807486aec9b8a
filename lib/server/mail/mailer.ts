import 'server-only';
import type { Locale } from '@/lib/shared/locales';
import type { MailKind } from './templates/mail-templates';

/** A rendered mail, already recorded in the mail_outbox table under `outboxId`. */
export interface OutgoingMail {
  outboxId: number;
  kind: MailKind;
  locale: Locale;
  to: string;
  from: string | { name: string; address: string };
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra headers, such as `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058) on
   * notifications; kept with the mail in the outbox.
   */
  headers?: Readonly<Record<string, string>>;
}

/**
 * How mail leaves the app: through an SMTP server, or not at all (kept in the outbox). Every mail
 * is recorded in the outbox before it is handed to the mailer, so the record survives a failure.
 */
export interface Mailer {
  /**
   * Hands the mail on. Resolves true when it was delivered to a mail server, false when it is only
   * kept in the outbox; throws when the server refuses it.
   */
  deliver(mail: OutgoingMail): Promise<boolean>;
}
