import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import { DESK_CLAIM_MINUTES } from '@/lib/shared/schemas/fictional-chats';
import { getDb } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { fictionalChatClaims } from '../db/schema/fictional-chats';
import { AppError } from '../errors';
import { WAITING_FICTIONAL_CHATS } from './fictional-chat-queue';

/** The fictional profile and the member of a conversation with a fictional profile; null for any other. */
export async function fictionalSides(
  conversationId: number,
): Promise<{ profileId: number; memberId: number } | null> {
  const db = await getDb();
  const [row] = await rowsOf<{ profile_id: number; member_id: number }>(
    db,
    sql`
      select cm.member_id as profile_id, cm.other_id as member_id
      from conversation_members cm
      join profiles fp on fp.user_id = cm.member_id and fp.fictional
      join profiles mp on mp.user_id = cm.other_id and not mp.fictional
      where cm.conversation_id = ${conversationId}
      limit 1`,
  );
  return row ? { profileId: row.profile_id, memberId: row.member_id } : null;
}

/**
 * Takes the conversation for this operator until the claim runs out, in one statement: a new claim,
 * the operator's own claim renewed, or a claim whose time is up taken over. Two operators asking at
 * once: the database lets one through, the other gets `claim_taken`. An operator holds one
 * conversation at a time; taking another lets the earlier one go.
 */
async function takeClaim(options: {
  operatorId: number;
  conversationId: number;
  now: Date;
}): Promise<boolean> {
  const { operatorId, conversationId, now } = options;
  const expiresAt = new Date(now.getTime() + DESK_CLAIM_MINUTES * 60_000);
  const db = await getDb();
  const taken = await db
    .insert(fictionalChatClaims)
    .values({ conversationId, operatorId, claimedAt: now, expiresAt })
    .onConflictDoUpdate({
      target: fictionalChatClaims.conversationId,
      set: {
        operatorId,
        expiresAt,
        claimedAt: sql`case when ${fictionalChatClaims.operatorId} = ${operatorId} then ${fictionalChatClaims.claimedAt} else excluded.claimed_at end`,
      },
      setWhere: sql`${fictionalChatClaims.expiresAt} <= ${now.toISOString()}::timestamptz or ${fictionalChatClaims.operatorId} = ${operatorId}`,
    })
    .returning({ conversationId: fictionalChatClaims.conversationId });
  if (!taken.length) return false;
  await db
    .delete(fictionalChatClaims)
    .where(
      and(
        eq(fictionalChatClaims.operatorId, operatorId),
        ne(fictionalChatClaims.conversationId, conversationId),
      ),
    );
  return true;
}

/**
 * Claims a conversation with a fictional profile for a chat operator: the one named (404 when it is no
 * such conversation, `claim_taken` while another operator holds it), or else the one waiting longest
 * that nobody holds (null when none waits).
 */
export async function claimFictionalChat(options: {
  operatorId: number;
  conversationId?: number;
  now?: Date;
}): Promise<{ conversationId: number } | null> {
  const now = options.now ?? new Date();
  if (options.conversationId !== undefined) {
    const conversationId = options.conversationId;
    if (!(await fictionalSides(conversationId))) {
      throw new AppError('not_found', { log: `conversation ${conversationId} has no fictional profile` });
    }
    if (!(await takeClaim({ operatorId: options.operatorId, conversationId, now }))) {
      throw new AppError('claim_taken');
    }
    return { conversationId };
  }
  const db = await getDb();
  // Another operator may take a candidate between the look and the claim: then the next one is tried.
  const candidates = await rowsOf<{ conversation_id: number }>(
    db,
    sql`
      select w.conversation_id from (${WAITING_FICTIONAL_CHATS}) w
      where not exists (
        select 1 from fictional_chat_claims c
        where c.conversation_id = w.conversation_id and c.expires_at > ${now.toISOString()}::timestamptz
          and c.operator_id <> ${options.operatorId})
      order by w.since asc, w.conversation_id asc
      limit 10`,
  );
  for (const { conversation_id: conversationId } of candidates) {
    if (await takeClaim({ operatorId: options.operatorId, conversationId, now })) return { conversationId };
  }
  return null;
}

/** Lets a conversation go (the operator's own claim only). */
export async function releaseFictionalChat(options: {
  operatorId: number;
  conversationId: number;
}): Promise<void> {
  const db = await getDb();
  await db
    .delete(fictionalChatClaims)
    .where(
      and(
        eq(fictionalChatClaims.conversationId, options.conversationId),
        eq(fictionalChatClaims.operatorId, options.operatorId),
      ),
    );
}

/** The end of the operator's live claim on the conversation, or `claim_expired` when they hold none. */
export async function heldClaimOrThrow(options: {
  operatorId: number;
  conversationId: number;
  now?: Date;
}): Promise<Date> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const [claim] = await db
    .select({ operatorId: fictionalChatClaims.operatorId, expiresAt: fictionalChatClaims.expiresAt })
    .from(fictionalChatClaims)
    .where(eq(fictionalChatClaims.conversationId, options.conversationId));
  if (!claim || claim.operatorId !== options.operatorId || claim.expiresAt <= now) {
    throw new AppError('claim_expired');
  }
  return claim.expiresAt;
}
