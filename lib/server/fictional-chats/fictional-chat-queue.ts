import 'server-only';
import { sql } from 'drizzle-orm';
import type { QueueSummary } from '@/lib/shared/schemas/operator-dashboard';
import { getDb } from '../db/client';

/**
 * The conversations waiting for a fictional profile's answer: the profile's side has unread messages
 * from a member whose account is not deleted. `since` is when the oldest unanswered message came.
 */
export const WAITING_FICTIONAL_CHATS = sql`
  select cm.conversation_id, cm.member_id as profile_id, cm.other_id as member_id,
    (select min(m.created_at) from chat_messages m
      where m.conversation_id = cm.conversation_id and m.recipient_id = cm.member_id
        and m.id > coalesce(cm.read_up_to, 0)) as since
  from conversation_members cm
  join profiles fp on fp.user_id = cm.member_id and fp.fictional
  join users mu on mu.id = cm.other_id and mu.deleted_at is null
  where cm.unread_count > 0`;

/** How many conversations wait for a fictional profile's answer, and since when the oldest waits. */
export async function fictionalChatQueueSummary(_options: { now?: Date } = {}): Promise<QueueSummary> {
  const db = await getDb();
  const result: unknown = await db.execute(
    sql`select count(*) as waiting, min(since) as oldest from (${WAITING_FICTIONAL_CHATS}) w`,
  );
  const [row] = (result as { rows: { waiting: number | string; oldest: string | Date | null }[] }).rows;
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { waiting: Number(row?.waiting ?? 0), oldestSince: oldest ? oldest.toISOString() : null };
}
