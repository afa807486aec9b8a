import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { blocks, profiles } from '../db/schema';

/**
 * The name a member shows others, or null when the viewer may not see the member: unknown,
 * not active, invisible, or blocking the viewer. Members always see their own name.
 */
export async function getMemberPublicName(options: {
  memberId: number;
  viewerId: number | null;
}): Promise<string | null> {
  const { memberId, viewerId } = options;
  const db = await getDb();
  const [row] = await db
    .select({ name: profiles.name, status: profiles.status, invisible: profiles.invisible })
    .from(profiles)
    .where(eq(profiles.userId, memberId))
    .limit(1);
  if (!row) return null;
  if (viewerId === memberId) return row.name;
  if (row.status !== 'active' || row.invisible) return null;
  if (viewerId !== null) {
    const [blocked] = await db
      .select({ id: blocks.blockerId })
      .from(blocks)
      .where(and(eq(blocks.blockerId, memberId), eq(blocks.blockedId, viewerId)))
      .limit(1);
    if (blocked) return null;
  }
  return row.name;
}
