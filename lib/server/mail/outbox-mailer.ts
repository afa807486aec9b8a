import 'server-only';
import { extractLinks } from './extract-links';
import type { Mailer, OutgoingMail } from './mailer';

export interface OutboxMailerOptions {
  /**
   * Whether the log line may carry the mail's links. Only on a developer's machine: the links hold
   * activation and reset tokens, and a production log is read by more people than the member.
   */
  logsLinks: boolean;
  /** Warn once that mail is not delivered (in production, where that is a misconfiguration). */
  warnsUndelivered: boolean;
}

/**
 * Delivers nothing: the mail stays in the mail_outbox table (where every mail is recorded), and
 * one log line says so. Used when no SMTP_URL is set.
 */
export class OutboxMailer implements Mailer {
  private hasWarned = false;

  constructor(private readonly options: OutboxMailerOptions) {}

  deliver(mail: OutgoingMail): Promise<boolean> {
    if (this.options.warnsUndelivered && !this.hasWarned) {
      this.hasWarned = true;
      console.warn('[mail] SMTP_URL is not set: mail is kept in the mail_outbox table, not delivered.');
    }
    const line = `[mail] #${mail.outboxId} ${mail.kind} to ${mail.to} (${mail.locale})`;
    if (this.options.logsLinks) {
      const links = extractLinks(mail.text).map((link) => `\n  ${link}`);
      console.info(`${line}: ${mail.subject}${links.join('')}`);
    } else {
      console.info(`${line} kept in the outbox`);
    }
    return Promise.resolve(false);
  }
}
