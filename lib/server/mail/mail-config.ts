import 'server-only';
import { env } from '../env';

/** How mail leaves the app. */
export interface MailConfig {
  /** SMTP server to deliver through; unset keeps mail in the outbox table only. */
  smtpUrl: string | undefined;
  /** Sender of every mail; unset means the site's mail name at noreply@<site domain>. */
  from: string | undefined;
  /** Whether the outbox may be read at /dev/outbox and /api/dev/outbox.php. */
  isOutboxViewEnabled: boolean;
}

/** The mail part of the environment module's configuration. */
export function mailConfig(): MailConfig {
  const config = env();
  return {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    isOutboxViewEnabled: config.MAIL_OUTBOX_VIEW || config.NODE_ENV === 'development',
  };
}
