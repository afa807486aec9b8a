import 'server-only';
import { env } from '../env';
import { processSingleton } from '../global';
import { dkimKeyFromEnv } from './dkim-key';
import type { Mailer } from './mailer';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

interface MailerSlot {
  /** The configuration the mailer was made for: SMTP_URL and DKIM key, or the outbox in one NODE_ENV. */
  made: string | null;
  mailer: Mailer | null;
}

/** Looked up on each use: a reset of the process state (tests) gives a fresh one. */
const slotOf = () => processSingleton<MailerSlot>('mailer', () => ({ made: null, mailer: null }));

/**
 * The mailer the environment asks for, one per process: SMTP when SMTP_URL is set (DKIM-signed
 * when DKIM_* are set), otherwise the outbox. Made anew when the configuration changes (tests
 * switch SMTP and DKIM on and off).
 */
export function getMailer(): Mailer {
  const slot = slotOf();
  const config = env();
  const made = config.SMTP_URL
    ? `smtp ${config.SMTP_URL} dkim ${config.DKIM_DOMAIN ?? ''} ${config.DKIM_SELECTOR ?? ''} ${config.DKIM_PRIVATE_KEY ?? ''}`
    : `outbox ${config.NODE_ENV}`;
  if (slot.mailer && slot.made === made) return slot.mailer;
  if (slot.mailer instanceof SmtpMailer) slot.mailer.close();
  slot.mailer = config.SMTP_URL
    ? new SmtpMailer(config.SMTP_URL, dkimKeyFromEnv())
    : new OutboxMailer({
        logsLinks: config.NODE_ENV === 'development',
        warnsUndelivered: config.NODE_ENV === 'production',
      });
  slot.made = made;
  return slot.mailer;
}
