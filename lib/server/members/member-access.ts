import 'server-only';
import { and, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { blocks } from '../db/schema/members';

/** How a viewer stands to a member: whether the member shows, and blocks either way. */
export interface MemberAccess {
  /** Active and not invisible, or the viewer's own profile. */
  shown: boolean;
  blockedByMember: boolean;
  blockedByViewer: boolean;
}

/**
 * The one rule for who sees a member's page (and name): others see active, visible members who
 * have not blocked them; members always see themselves.
 */
export async function memberAccess(
  db: DbOrTx,
  options: {
    memberId: number;
    viewerId: number | null;
    profile: { status: string; invisible: boolean };
  },
): Promise<MemberAccess> {
  const { memberId, viewerId, profile } = options;
  if (viewerId === memberId) return { shown: true, blockedByMember: false, blockedByViewer: false };
  const shown = profile.status === 'active' && !profile.invisible;
  if (!shown || viewerId === null) return { shown, blockedByMember: false, blockedByViewer: false };
  const found = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, memberId)),
        and(eq(blocks.blockerId, memberId), eq(blocks.blockedId, viewerId)),
      ),
    );
  return {
    shown,
    blockedByMember: found.some((b) => b.blockerId === memberId),
    blockedByViewer: found.some((b) => b.blockerId === viewerId),
  };
}
