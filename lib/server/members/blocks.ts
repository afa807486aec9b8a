import 'server-only';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { BlockedMembers } from '@/lib/shared/schemas/members';
import { getDb } from '../db/client';
import { likes } from '../db/schema/likes';
import { blocks, profiles } from '../db/schema/members';
import { photos } from '../db/schema/photos';
import { clearSides } from '../chat/chat-state';
import { conversationMembers } from '../db/schema/chat';
import { AppError } from '../errors';
import { recordMemberEvent } from '../events/member-events';
import { memberAccess } from './member-access';
import { lockPair } from './pair-lock';
import { dropViewerCaches } from './viewer-caches';

/**
 * Blocks a member: from now on neither sees the other in search or lists, the blocked member
 * cannot open the blocker's page or contact them, and likes and matches between the two end (spec §4
 * "Blocking"). The blocker's conversation with the member leaves their list.
 */
export async function blockMember(options: { userId: number; memberId: number; now?: Date }): Promise<void> {
  if (options.memberId === options.userId) throw new AppError('field_invalid', { field: 'member' });
  const db = await getDb();
  const [profile] = await db
    .select({ status: profiles.status, invisible: profiles.invisible })
    .from(profiles)
    .where(eq(profiles.userId, options.memberId));
  // A member the viewer may not see answers exactly like one that does not exist.
  const access =
    profile && (await memberAccess(db, { memberId: options.memberId, viewerId: options.userId, profile }));
  if (!access?.shown) throw new AppError('not_found', { log: `block: no member ${options.memberId} to see` });
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    await lockPair(tx, options.userId, options.memberId);
    await tx
      .insert(blocks)
      .values({
        blockerId: options.userId,
        blockedId: options.memberId,
        createdAt: now,
      })
      .onConflictDoNothing();
    // Blocking ends every like and match between the two, both ways (spec §4).
    const { userId, memberId } = options;
    await tx
      .delete(likes)
      .where(
        or(
          and(eq(likes.likerId, userId), eq(likes.likedId, memberId)),
          and(eq(likes.likerId, memberId), eq(likes.likedId, userId)),
        ),
      );
    // The blocker's conversation with the member leaves their list (as if removed); neither can
    // write to the other any more, and both members' tabs read their conversations again.
    await clearSides(tx, userId, eq(conversationMembers.otherId, memberId), now);
    await recordMemberEvent(tx, userId, { type: 'chats-changed' });
    await recordMemberEvent(tx, memberId, { type: 'chats-changed' });
  });
  // Neither is dealt to the other any more.
  dropViewerCaches(options.userId, options.memberId);
}

/** Lifts a block; lifting one that does not exist is not an error. */
export async function unblockMember(options: { userId: number; memberId: number }): Promise<void> {
  const db = await getDb();
  await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, options.userId), eq(blocks.blockedId, options.memberId)));
  dropViewerCaches(options.userId, options.memberId);
}

/** The members a member blocked, newest first, for the settings page. */
export async function listBlockedMembers(options: { userId: number }): Promise<BlockedMembers> {
  const db = await getDb();
  const rows = await db
    .select({
      id: blocks.blockedId,
      name: profiles.name,
      blockedAt: blocks.createdAt,
      filename: photos.filename,
      thumbFilename: photos.thumbFilename,
      photoStatus: photos.status,
    })
    .from(blocks)
    .innerJoin(profiles, eq(profiles.userId, blocks.blockedId))
    .leftJoin(photos, and(eq(photos.userId, blocks.blockedId), sql`${photos.isMain}`))
    .where(eq(blocks.blockerId, options.userId))
    .orderBy(desc(blocks.createdAt));
  return {
    members: rows.map((r) => ({
      id: r.id,
      name: r.name,
      blocked_at: r.blockedAt.toISOString(),
      main_image:
        r.filename && r.thumbFilename
          ? { filename: r.filename, thumb_filename: r.thumbFilename, status: r.photoStatus ?? 'active' }
          : null,
    })),
  };
}
