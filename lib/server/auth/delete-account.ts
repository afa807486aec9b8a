import 'server-only';
import { eq } from 'drizzle-orm';
import { REACTIVATION_DAYS } from '@/lib/shared/constants';
import type { DELETION_REASONS } from '@/lib/shared/schemas/auth';
import { getDb } from '../db/client';
import { sessions, users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { AppError } from '../errors';
import { sendMail } from '../mail/send-mail';
import { issueEmailToken } from './email-tokens';
import { findAccount } from './find-account';
import { checkPasswordAttempt } from './password-attempts';
import { verifyPassword } from './passwords';
import { forgetShownMembers } from '../members/forget-shown-members';

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
  const db = await getDb();
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
  const token = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        deletedAt: now,
        deletionReason: options.reason,
        deletionComment: options.comment?.trim() || null,
      })
      .where(eq(users.id, options.userId));
    // Gone from search and member pages at once.
    await tx.update(profiles).set({ status: 'deleted' }).where(eq(profiles.userId, options.userId));
    await tx.delete(sessions).where(eq(sessions.userId, options.userId));
    return issueEmailToken(tx, { userId: options.userId, purpose: 'reactivation', now });
  });
  forgetShownMembers();
  await sendMail({
    to: user.email,
    kind: 'account_deleted',
    locale: user.language,
    host: options.host,
    values: {
      name: user.name,
      link: `${options.origin}/api/reactivate.php?token=${token}`,
      days: REACTIVATION_DAYS,
    },
  });
}
