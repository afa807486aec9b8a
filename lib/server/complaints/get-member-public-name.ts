import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { profiles } from '../db/schema/members';
import { memberAccess } from '../members/member-access';

/**
 * The name a member shows others, or null when the viewer may not see the member (the member
 * page's rule: unknown, not active, invisible, or blocking the viewer). Members always see their own name.
 */
export async function getMemberPublicName(options: {
  memberId: number;
  viewerId: number | null;
}): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ name: profiles.name, status: profiles.status, invisible: profiles.invisible })
    .from(profiles)
    .where(eq(profiles.userId, options.memberId))
    .limit(1);
  if (!row) return null;
  const access = await memberAccess(db, { ...options, profile: row });
  return access.shown && !access.blockedByMember ? row.name : null;
}
