import 'server-only';
import { sendActivationMail } from '../auth/send-activation-mail';
import { findAccount } from '../auth/find-account';
import { AppError } from '../errors';
import { memberSite } from './member-site';

/**
 * Customer service mails a member a new activation link (to their site). Refused with a clear
 * reason when the address is confirmed already or the account is deleted; the member's hourly
 * allowance of activation mails applies as when they ask themselves.
 */
export async function resendActivationMail(options: { userId: number; now?: Date }): Promise<void> {
  const account = await findAccount({ userId: options.userId });
  if (!account) throw new AppError('not_found', { log: `activation mail: no member ${options.userId}` });
  if (account.deletedAt) throw new AppError('forbidden', { messageKey: 'account_already_deleted' });
  if (account.status !== 'not_confirmed') {
    throw new AppError('forbidden', { messageKey: 'activation_not_needed' });
  }
  await sendActivationMail({ userId: options.userId, ...(await memberSite(options)), now: options.now });
}
