import 'server-only';
import { eq } from 'drizzle-orm';
import { REACTIVATION_DAYS } from '@/lib/shared/constants';
import type { DELETION_REASONS } from '@/lib/shared/schemas/auth';
import { getDb } from '../db/client';
import { sessions, users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { sendMail } from '../mail/send-mail';
import { forgetShownMembers } from '../members/forget-shown-members';
import type { Account } from './find-account';
import { issueEmailToken } from './email-tokens';
import { dropViewerCaches } from '../members/viewer-caches';

/**
 * Deletes an account, whoever asked (the member, or customer service on the member's request): it
 * disappears at once, every session ends, and a link to bring it back within 14 days is mailed. The
 * personal data is purged after that by `purgeDeletedAccounts`.
 */
export async function removeAccount(options: {
  account: Pick<Account, 'id' | 'email' | 'language' | 'name'>;
  reason: (typeof DELETION_REASONS)[number];
  comment?: string;
  host: string | null;
  origin: string;
  now?: Date;
}): Promise<{ deletedAt: Date; reactivationUntil: Date }> {
  const now = options.now ?? new Date();
  const { account } = options;
  const db = await getDb();
  const token = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        deletedAt: now,
        deletionReason: options.reason,
        deletionComment: options.comment?.trim() || null,
      })
      .where(eq(users.id, account.id));
    // Gone from search and member pages at once.
    await tx.update(profiles).set({ status: 'deleted' }).where(eq(profiles.userId, account.id));
    await tx.delete(sessions).where(eq(sessions.userId, account.id));
    return issueEmailToken(tx, { userId: account.id, purpose: 'reactivation', now });
  });
  forgetShownMembers();
  dropViewerCaches(account.id);
  await sendMail({
    to: account.email,
    kind: 'account_deleted',
    locale: account.language,
    host: options.host,
    values: {
      name: account.name,
      link: `${options.origin}/api/reactivate.php?token=${token}`,
      days: REACTIVATION_DAYS,
    },
  });
  return { deletedAt: now, reactivationUntil: new Date(now.getTime() + REACTIVATION_DAYS * 86_400_000) };
}
