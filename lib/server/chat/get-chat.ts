import 'server-only';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import {
  CHAT_PAGE_SIZE,
  FREE_CONVERSATION_LIMIT,
  type Chat,
  type ChatComposer,
} from '@/lib/shared/schemas/chat';
import { getDb, type Db } from '../db/client';
import { descIndexed } from '../db/order';
import { users } from '../db/schema/auth';
import { chatMessages, conversationMembers, conversations } from '../db/schema/chat';
import { profiles } from '../db/schema/members';
import { AppError } from '../errors';
import { chatSite, historyStart, type ChatSite } from './chat-site';
import { findPartner, isShown, isWritable, toChatMessage, toChatPartner, type PartnerRow } from './chat-view';

type Side = typeof conversationMembers.$inferSelect;

const notFound = (log: string) =>
  new AppError('not_found', { messageKey: 'member_unavailable', log: `chat: ${log}` });

/** The viewer's side of a conversation, or null when they are not part of it. */
export async function findOwnSide(db: Db, viewerId: number, conversationId: number): Promise<Side | null> {
  const [side] = await db
    .select()
    .from(conversationMembers)
    .where(
      and(eq(conversationMembers.memberId, viewerId), eq(conversationMembers.conversationId, conversationId)),
    );
  return side ?? null;
}

/** The composer's facts: prices, the longest message, the money one costs, and why the viewer cannot write. */
async function composerFor(
  db: Db,
  options: { viewerId: number; partner: PartnerRow; hasConversation: boolean; site: ChatSite },
): Promise<ChatComposer> {
  const { viewerId, site } = options;
  const [viewer] = await db
    .select({ status: users.status, paidUser: users.paidUser, country: profiles.country })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, viewerId));
  let blockedReason: ChatComposer['blocked_reason'] = null;
  if (!isWritable(options.partner)) blockedReason = 'unavailable';
  else if (viewer?.status !== 'confirmed') blockedReason = 'confirm_email';
  else if (!options.hasConversation && !viewer.paidUser) {
    const [started] = await db
      .select({ count: count() })
      .from(conversations)
      .where(eq(conversations.startedBy, viewerId));
    if ((started?.count ?? 0) >= FREE_CONVERSATION_LIMIT) blockedReason = 'conversation_limit';
  }
  const cost = viewer?.country ? site.minimumMessageCosts[viewer.country] : undefined;
  return {
    message_credits: site.messageCredits,
    photo_credits: site.photoCredits,
    gift_credits: site.giftCredits,
    message_length: site.messageLength,
    message_cost: cost ? { costs: cost.costs, currency: cost.currency } : null,
    blocked_reason: blockedReason,
  };
}

/**
 * `GET /api/chat.php`: a conversation of the viewer (by its id, or by the other member), its newest
 * messages oldest first (older pages with `before`), how far the other member has read, and the
 * composer's facts. A conversation the viewer is not part of answers as one that does not exist; so
 * does one with a member either of the two blocked (blocking ends all contact both ways, spec §4).
 * With a member and no conversation yet: no messages, if the viewer may write to them at all.
 * Messages the viewer removed or older than the history window are not served. Reading changes no
 * read state.
 */
export async function getChat(options: {
  viewerId: number;
  host: string | null;
  conversationId?: number;
  memberId?: number;
  before?: number;
  now?: Date;
}): Promise<Chat> {
  const { viewerId } = options;
  const now = options.now ?? new Date();
  const [site, db] = await Promise.all([chatSite(options.host), getDb()]);

  let side: Side | null;
  let partnerId: number;
  if (options.conversationId !== undefined) {
    side = await findOwnSide(db, viewerId, options.conversationId);
    if (!side) throw notFound(`conversation ${options.conversationId} is not the viewer's`);
    partnerId = side.otherId;
  } else {
    partnerId = options.memberId ?? 0;
    if (partnerId === viewerId) throw notFound('the viewer is their own partner');
    const [found] = await db
      .select()
      .from(conversationMembers)
      .where(and(eq(conversationMembers.otherId, partnerId), eq(conversationMembers.memberId, viewerId)));
    side = found ?? null;
  }
  const partner = await findPartner(db, viewerId, partnerId);
  if (!partner || partner.blocked) throw notFound(`member ${partnerId} is gone or blocked`);
  if (!side && !isShown(partner)) throw notFound(`member ${partnerId} is not shown`);

  const composer = await composerFor(db, { viewerId, partner, hasConversation: side !== null, site });
  const profile = toChatPartner(partner, now, site.cdnPrefix);
  if (!side)
    return { conversation: null, profile, messages: [], has_more: false, seen_up_to: null, composer };

  const start = historyStart(now);
  const visibleFrom = side.clearedAt && side.clearedAt > start ? side.clearedAt : start;
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, side.conversationId),
        gt(chatMessages.createdAt, visibleFrom),
        options.before === undefined ? undefined : lt(chatMessages.id, options.before),
      ),
    )
    .orderBy(descIndexed(chatMessages.id))
    .limit(CHAT_PAGE_SIZE + 1);
  const [partnerSide] = await db
    .select({ readUpTo: conversationMembers.readUpTo })
    .from(conversationMembers)
    .where(
      and(
        eq(conversationMembers.conversationId, side.conversationId),
        eq(conversationMembers.memberId, partnerId),
      ),
    );
  return {
    conversation: { id: side.conversationId },
    profile,
    messages: rows
      .slice(0, CHAT_PAGE_SIZE)
      .reverse()
      .map((row) => toChatMessage(row, viewerId)),
    has_more: rows.length > CHAT_PAGE_SIZE,
    seen_up_to: partnerSide?.readUpTo ?? null,
    composer,
  };
}
