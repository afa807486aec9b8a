import 'server-only';
import { findAccount } from '../auth/find-account';
import { MailDeliveryError } from '../mail/mail-delivery-error';
import { sendMail } from '../mail/send-mail';

/**
 * Mails the member that a passkey was added or removed, with a link to their passkeys. The change
 * is made already: a mail server that refuses the mail is logged, never undoes it.
 */
export async function sendPasskeyMail(options: {
  userId: number;
  change: 'added' | 'removed';
  passkeyName: string;
  host: string | null;
  /** The site's address for the link (linkOrigin: a configured site domain or APP_URL). */
  origin: string;
}): Promise<void> {
  const account = await findAccount({ userId: options.userId });
  if (!account) return;
  try {
    await sendMail({
      to: account.email,
      kind: 'passkey_changed',
      locale: account.language,
      host: options.host,
      values: {
        name: account.name,
        change: options.change,
        passkey: options.passkeyName,
        link: `${options.origin}/settings#passkeys`,
      },
    });
  } catch (error) {
    if (!(error instanceof MailDeliveryError)) throw error;
    console.error(`[mail] the passkey notice for member ${options.userId} was not sent:`, error.message);
  }
}
