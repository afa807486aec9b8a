import 'server-only';
import type { DELETION_REASONS } from '@/lib/shared/schemas/auth';
import { AppError } from '../errors';
import { findAccount } from './find-account';
import { checkPasswordAttempt } from './password-attempts';
import { verifyPassword } from './passwords';
import { removeAccount } from './remove-account';

export type DeletionReason = (typeof DELETION_REASONS)[number];

/**
 * Deletes an account: it disappears at once, every session ends, and a link to bring it back within
 * 14 days is mailed. The personal data is purged after that by `purgeDeletedAccounts`.
 */
export async function deleteAccount(options: {
  userId: number;
  /** The client's address: wrong passwords count toward the same lockout as logins. */
  ip: string;
  password: string;
  reason: DeletionReason;
  comment?: string;
  host: string | null;
  origin: string;
  now?: Date;
}): Promise<void> {
  const now = options.now ?? new Date();
  const user = await findAccount({ userId: options.userId });
  if (
    !user ||
    !(await checkPasswordAttempt({
      email: user.email,
      ip: options.ip,
      verify: () => verifyPassword(user.passwordHash, options.password),
    }))
  ) {
    throw new AppError('field_invalid', { field: 'password', messageKey: 'old_password_wrong' });
  }
  await removeAccount({
    account: user,
    reason: options.reason,
    comment: options.comment,
    host: options.host,
    origin: options.origin,
    now,
  });
}
