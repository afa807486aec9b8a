import 'server-only';
import { findAccount } from '../auth/find-account';
import { removeAccount } from '../auth/remove-account';
import { AppError } from '../errors';
import { memberSite } from './member-site';

/**
 * Customer service deletes an account on the member's request, exactly as the member's own deletion
 * does (sessions end, the profile disappears, the 14-day reactivation link is mailed); `note` says
 * how the member asked and is kept as the deletion's comment.
 */
export async function deleteMemberAccount(options: {
  userId: number;
  note: string;
  now?: Date;
}): Promise<{ deletedAt: Date; reactivationUntil: Date }> {
  const account = await findAccount({ userId: options.userId });
  if (!account) throw new AppError('not_found', { log: `delete: no member ${options.userId}` });
  if (account.deletedAt || account.status === 'purged') {
    throw new AppError('forbidden', { messageKey: 'account_already_deleted' });
  }
  return removeAccount({
    account,
    reason: 'other',
    comment: `Deleted by customer service on request: ${options.note.trim()}`,
    ...(await memberSite(options)),
    now: options.now,
  });
}
