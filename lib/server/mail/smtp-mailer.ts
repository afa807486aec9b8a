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

/**
 * The header fields a DKIM signature covers: nodemailer's default list (RFC 6376 §5.4) plus
 * List-Unsubscribe-Post, which mailbox providers want signed before they offer one-click
 * unsubscribe (RFC 8058 §4). List-Unsubscribe is in the default list already.
 */
export const DKIM_SIGNED_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'Content-ID',
  'Content-Description',
  'Resent-Date',
  'Resent-From',
  'Resent-Sender',
  'Resent-To',
  'Resent-Cc',
  'Resent-Message-ID',
  'In-Reply-To',
  'References',
  'List-Id',
  'List-Help',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
  'List-Subscribe',
  'List-Post',
  'List-Owner',
  'List-Archive',
].join(':');

/** DKIM signing: the domain, the selector of its DNS record and the RSA private key in PEM. */
export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** Delivers through the SMTP server at `smtpUrl` (nodemailer, one pooled transport), DKIM-signed when a key is given. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    readonly smtpUrl: string,
    private readonly dkim: DkimKey | null = null,
  ) {
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
      headers: mail.headers ? { ...mail.headers } : undefined,
      // Per message: a transport made from a URL drops transport-level DKIM options.
      dkim: this.dkim ? { ...this.dkim, headerFieldNames: DKIM_SIGNED_HEADERS } : undefined,
    });
    return true;
  }

  close(): void {
    this.transport.close();
  }
}
