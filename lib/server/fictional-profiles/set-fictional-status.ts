import 'server-only';
import { eq } from 'drizzle-orm';
import type { FictionalStatus } from '@/lib/shared/schemas/fictional-profiles';
import { getDb } from '../db/client';
import { profiles } from '../db/schema/members';
import { forgetShownMembers } from '../members/forget-shown-members';
import { getFictionalProfileRowOrThrow } from './get-fictional-profile-row';

/**
 * Shows a fictional profile to members (`active`) or hides it (`disabled`: gone from search, lists
 * and its page, as an inactive member is). Answers the status before and after.
 */
export async function setFictionalStatus(options: {
  id: number;
  status: FictionalStatus;
  now?: Date;
}): Promise<{ before: string; after: FictionalStatus }> {
  const db = await getDb();
  const before = await db.transaction(async (tx) => {
    const current = await getFictionalProfileRowOrThrow({ db: tx, id: options.id, forUpdate: true });
    if (current.status !== options.status) {
      await tx
        .update(profiles)
        .set({ status: options.status, updatedAt: options.now ?? new Date() })
        .where(eq(profiles.userId, options.id));
    }
    return current.status;
  });
  if (options.status === 'disabled') forgetShownMembers();
  return { before, after: options.status };
}
