import 'server-only';
import { sql } from 'drizzle-orm';
import type { QueueSummary } from '@/lib/shared/schemas/operator-dashboard';
import type { DeskQueue } from '@/lib/shared/schemas/fictional-chats';
import { getDb } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { chatSite } from '../chat/chat-site';
import { ageOn } from '../members/member-filters';

/**
 * The conversations waiting for a fictional profile's answer: the profile's side has unread messages
 * from a member whose account is not deleted. `since` is when the oldest unanswered message came.
 */
export const WAITING_FICTIONAL_CHATS = sql`
  select cm.conversation_id, cm.member_id as profile_id, cm.other_id as member_id,
    cm.unread_count, cm.last_message_id,
    (select min(m.created_at) from chat_messages m
      where m.conversation_id = cm.conversation_id and m.recipient_id = cm.member_id
        and m.id > coalesce(cm.read_up_to, 0)) as since
  from conversation_members cm
  join profiles fp on fp.user_id = cm.member_id and fp.fictional
  join users mu on mu.id = cm.other_id and mu.deleted_at is null
  where cm.unread_count > 0`;

const iso = (value: string | Date) => new Date(value).toISOString();

/** How many conversations wait for a fictional profile's answer, and since when the oldest waits. */
export async function fictionalChatQueueSummary(_options: { now?: Date } = {}): Promise<QueueSummary> {
  const db = await getDb();
  const [row] = await rowsOf<{ waiting: number | string; oldest: string | Date | null }>(
    db,
    sql`select count(*) as waiting, min(since) as oldest from (${WAITING_FICTIONAL_CHATS}) w`,
  );
  return { waiting: Number(row?.waiting ?? 0), oldestSince: row?.oldest ? iso(row.oldest) : null };
}

interface QueueRow {
  conversation_id: number;
  since: string | Date;
  unread_count: number;
  profile_id: number;
  profile_name: string;
  profile_thumb: string | null;
  member_id: number;
  member_name: string;
  date_of_birth: string;
  city: string | null;
  country: string;
  member_thumb: string | null;
  paid_user: boolean;
  last_kind: string | null;
  last_text: string | null;
  claim_operator: number | null;
  claim_operator_name: string | null;
  claim_expires: string | Date | null;
}

/** The desk's queue: waiting conversations, longest waiting first, with who holds each right now. */
export async function listWaitingFictionalChats(options: {
  operatorId: number;
  limit?: number;
  now?: Date;
}): Promise<DeskQueue> {
  const now = options.now ?? new Date();
  const at = sql`${now.toISOString()}::timestamptz`;
  const db = await getDb();
  const { cdnPrefix } = await chatSite(null);
  const rows = await rowsOf<QueueRow>(
    db,
    sql`
      select w.conversation_id, w.since, w.unread_count, w.profile_id, fp.name as profile_name,
        fph.thumb_filename as profile_thumb, w.member_id, mp.name as member_name, mp.date_of_birth,
        mp.city, mp.country, mph.thumb_filename as member_thumb, mu.paid_user,
        lm.kind as last_kind, lm.text as last_text,
        c.operator_id as claim_operator, o.name as claim_operator_name, c.expires_at as claim_expires
      from (${WAITING_FICTIONAL_CHATS}) w
      join profiles fp on fp.user_id = w.profile_id
      left join photos fph on fph.user_id = w.profile_id and fph.is_main and fph.status = 'active'
      join profiles mp on mp.user_id = w.member_id
      join users mu on mu.id = w.member_id
      left join photos mph on mph.user_id = w.member_id and mph.is_main and mph.status = 'active'
      left join chat_messages lm on lm.id = w.last_message_id
      left join fictional_chat_claims c on c.conversation_id = w.conversation_id and c.expires_at > ${at}
      left join operators o on o.id = c.operator_id
      order by w.since asc, w.conversation_id asc
      limit ${options.limit ?? 100}`,
  );
  const summary = await fictionalChatQueueSummary({ now });
  return {
    waiting: summary.waiting,
    items: rows.map((row) => ({
      conversationId: row.conversation_id,
      since: iso(row.since),
      unread: Number(row.unread_count),
      preview: row.last_text ? row.last_text.slice(0, 140) : null,
      previewKind: row.last_kind,
      profile: {
        id: row.profile_id,
        name: row.profile_name,
        thumb: row.profile_thumb ? `${cdnPrefix}${row.profile_thumb}` : null,
      },
      member: {
        id: row.member_id,
        name: row.member_name,
        age: ageOn(row.date_of_birth, now),
        city: row.city,
        country: row.country,
        thumb: row.member_thumb ? `${cdnPrefix}${row.member_thumb}` : null,
        paidUser: row.paid_user,
      },
      claim:
        row.claim_operator && row.claim_expires
          ? {
              operatorName: row.claim_operator_name ?? '',
              expiresAt: iso(row.claim_expires),
              isMine: row.claim_operator === options.operatorId,
            }
          : null,
    })),
  };
}
