import 'server-only';
import { and, eq, max, sql, type SQL } from 'drizzle-orm';
import { TYPING_THROTTLE_MS } from '@/lib/shared/schemas/chat';
import { getDb, type DbOrTx, type Tx } from '../db/client';
import { chatMessages, conversationMembers } from '../db/schema/chat';
import { AppError } from '../errors';
import { recordMemberEvent, sendTypingEvent } from '../events/member-events';
import { countMemoryRateLimit } from '../security/memory-rate-limit';
import { blockedEither } from './chat-view';

const notFound = (log: string) => new AppError('not_found', { log: `chat: ${log}` });

/**
 * Removes conversations from a member's list (their side only): what was in them stays hidden from
 * them, the unread count goes, and the conversation shows again once a newer message arrives.
 * Returns the conversations' ids.
 */
export async function clearSides(tx: DbOrTx, memberId: number, which: SQL, now: Date): Promise<number[]> {
  const rows = await tx
    .update(conversationMembers)
    .set({ clearedAt: now, lastMessageId: null, lastMessageAt: null, unreadCount: 0 })
    .where(and(eq(conversationMembers.memberId, memberId), which))
    .returning({ conversationId: conversationMembers.conversationId });
  return rows.map((row) => row.conversationId);
}

/**
 * `DELETE /api/chat.php` (spec §7): removes one conversation, or every conversation with a member
 * (there is one per pair), for the viewer only. Nothing of the viewer's to remove answers 404.
 */
export async function removeChat(options: {
  viewerId: number;
  target: { conversation: number } | { profile: number };
  now?: Date;
}): Promise<void> {
  const { viewerId, target } = options;
  const now = options.now ?? new Date();
  const which =
    'conversation' in target
      ? eq(conversationMembers.conversationId, target.conversation)
      : eq(conversationMembers.otherId, target.profile);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const removed = await clearSides(tx, viewerId, which, now);
    if (removed.length === 0) throw notFound(`nothing of member ${viewerId} to remove`);
    await recordMemberEvent(tx, viewerId, { type: 'chats-changed' });
  });
}

/** The viewer's side of a conversation (locked in a transaction), if it is theirs and no block stands between the two. */
async function openSide(tx: DbOrTx, viewerId: number, conversationId: number, lock: boolean) {
  const query = tx
    .select({
      otherId: conversationMembers.otherId,
      readUpTo: conversationMembers.readUpTo,
      blocked: blockedEither(viewerId, sql`${conversationMembers.otherId}`).mapWith(Boolean),
    })
    .from(conversationMembers)
    .where(
      and(eq(conversationMembers.memberId, viewerId), eq(conversationMembers.conversationId, conversationId)),
    );
  const [side] = await (lock ? query.for('update', { of: conversationMembers }) : query);
  if (!side || side.blocked)
    throw notFound(`conversation ${conversationId} is not open to member ${viewerId}`);
  return side;
}

/**
 * `POST /api/chat-read.php`: the viewer has read a conversation up to a message. Their unread count
 * goes to 0 and their read mark moves forward (never back, never past the conversation's newest
 * message); the other member's tabs hear how far ("seen") when it moved, the viewer's other tabs
 * that the conversation is read.
 */
export async function markChatRead(options: {
  viewerId: number;
  conversationId: number;
  messageId: number;
}): Promise<void> {
  const { viewerId, conversationId } = options;
  const db = await getDb();
  await db.transaction(async (tx: Tx) => {
    const side = await openSide(tx, viewerId, conversationId, true);
    const [newest] = await tx
      .select({ id: max(chatMessages.id) })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId));
    const target = Math.min(options.messageId, newest?.id ?? 0);
    const readUpTo = Math.max(side.readUpTo ?? 0, target);
    const moved = readUpTo > (side.readUpTo ?? 0);
    await tx
      .update(conversationMembers)
      .set({ unreadCount: 0, ...(moved ? { readUpTo } : {}) })
      .where(
        and(
          eq(conversationMembers.memberId, viewerId),
          eq(conversationMembers.conversationId, conversationId),
        ),
      );
    if (moved) {
      await recordMemberEvent(tx, side.otherId, {
        type: 'read',
        conversation: conversationId,
        seen_up_to: readUpTo,
      });
    }
    await recordMemberEvent(tx, viewerId, { type: 'chat-read', conversation: conversationId });
  });
}

/**
 * `POST /api/chat-typing.php`: tells the other member the viewer is typing, at most once per
 * TYPING_THROTTLE_MS per conversation (counted in Redis when REDIS_URL is set, so every instance
 * shares the throttle; in memory otherwise: a missed or doubled indicator is harmless).
 */
export async function reportTyping(options: {
  viewerId: number;
  conversationId: number;
  now?: number;
}): Promise<void> {
  const { viewerId, conversationId } = options;
  const side = await openSide(await getDb(), viewerId, conversationId, false);
  const throttle = await countMemoryRateLimit({
    key: `typing:${viewerId}:${conversationId}`,
    limit: 1,
    windowSeconds: TYPING_THROTTLE_MS / 1_000,
    now: options.now,
  });
  if (!throttle.allowed) return;
  await sendTypingEvent(side.otherId, conversationId, viewerId);
}
