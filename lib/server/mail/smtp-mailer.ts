import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer';

/**
 * Mail is sent while a member waits (signup, password reset), so a dead server must fail within
 * seconds, not after nodemailer's default of minutes. Values given in the URL win.
 */
const DEFAULT_TIMEOUTS = { connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '30000' };

function withDefaultTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries(DEFAULT_TIMEOUTS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  return url.toString();
}

/** Delivers through the SMTP server at `smtpUrl` (nodemailer, one pooled transport). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(readonly smtpUrl: string) {
    this.transport = nodemailer.createTransport(withDefaultTimeouts(smtpUrl));
  }

  async deliver(mail: OutgoingMail): Promise<boolean> {
    await this.transport.sendMail({
      from: mail.from,
      // Answers reach customer service rather than the unattended sender address.
      replyTo: mail.replyTo,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    return true;
  }

  close(): void {
    this.transport.close();
  }
}
