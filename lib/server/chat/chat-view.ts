import 'server-only';
import { and, eq, gt, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CHATS_LIST_LIMIT,
  type ChatMessage,
  type ChatPartner,
  type ChatSummary,
} from '@/lib/shared/schemas/chat';
import type { DbOrTx } from '../db/client';
import { descIndexed } from '../db/order';
import { users } from '../db/schema/auth';
import { chatMessages, conversationMembers } from '../db/schema/chat';
import { profiles } from '../db/schema/members';
import { photos } from '../db/schema/photos';
import { findGift } from '../gifts/gift-catalogue';
import { ageOn, isOnline } from '../members/member-filters';
import { mainPhotoOfProfile } from '../members/search-members';
import { historyStart } from './chat-site';

export type MessageRow = typeof chatMessages.$inferSelect;

/** Characters of a text message the chat list previews. */
export const PREVIEW_LENGTH = 120;

/** The address a chat photo is served from, to the two members only. */
export const chatPhotoUrl = (messageId: number) => `/api/chat-photo.php?id=${messageId}`;

/** A message as one of the two members sees it: the sender sees what they paid, the recipient 0. */
export function toChatMessage(row: MessageRow, viewerId: number): ChatMessage {
  const fromViewer = row.senderId === viewerId;
  const gift = row.giftId === null ? null : { id: row.giftId, image: findGift(row.giftId)?.image ?? '' };
  return {
    id: row.id,
    conversation: row.conversationId,
    from_viewer: fromViewer,
    kind: row.kind,
    text: row.kind === 'text' ? row.text : null,
    gift: row.kind === 'gift' ? gift : null,
    gif:
      row.kind === 'gif' && row.gif
        ? {
            url: row.gif.url,
            preview: row.gif.preview,
            width: row.gif.width,
            height: row.gif.height,
            title: row.gif.title,
          }
        : null,
    photo:
      row.kind === 'photo' && row.photoKey
        ? { url: chatPhotoUrl(row.id), width: row.photoWidth ?? 0, height: row.photoHeight ?? 0 }
        : null,
    credits: fromViewer ? row.credits : 0,
    sent_at: row.createdAt.toISOString(),
  };
}

/** Whether either of two members blocked the other (an expression over the `blocks` pair index). */
export const blockedEither = (viewerId: number, other: SQL | number): SQL =>
  sql<boolean>`exists (select 1 from blocks b where (b.blocker_id = ${viewerId} and b.blocked_id = ${other}) or (b.blocker_id = ${other} and b.blocked_id = ${viewerId}))`;

/** The columns of a chat partner (with `users`, `profiles` and the main photo joined). */
export const partnerColumns = (viewerId: number, other: SQL) => ({
  partnerId: users.id,
  name: profiles.name,
  dateOfBirth: profiles.dateOfBirth,
  city: profiles.city,
  fictional: profiles.fictional,
  verified: profiles.verified,
  lastActiveAt: profiles.lastActiveAt,
  profileStatus: profiles.status,
  invisible: profiles.invisible,
  accountStatus: users.status,
  deletedAt: users.deletedAt,
  thumbFilename: photos.thumbFilename,
  blocked: blockedEither(viewerId, other).mapWith(Boolean),
});

export interface PartnerRow {
  partnerId: number;
  name: string | null;
  dateOfBirth: string | null;
  city: string | null;
  fictional: boolean | null;
  verified: boolean | null;
  lastActiveAt: Date | null;
  profileStatus: string | null;
  invisible: boolean | null;
  accountStatus: string;
  deletedAt: Date | null;
  thumbFilename: string | null;
  blocked: boolean;
}

/** Whether the member shows to others at all (account and profile alive, active, visible). */
export const isShown = (row: PartnerRow): boolean =>
  row.deletedAt === null && row.profileStatus === 'active' && row.invisible === false;

/** Whether the viewer can write to the member: shown, and no block either way. */
export const isWritable = (row: PartnerRow): boolean => isShown(row) && !row.blocked;

/**
 * The other member of a conversation as the viewer sees them. A member who cannot be written to any
 * more (gone, hidden, blocked either way) keeps their name in the viewer's history, without photo
 * or online state.
 */
export function toChatPartner(row: PartnerRow, now: Date, cdnPrefix: string): ChatPartner {
  const unavailable = !isWritable(row);
  return {
    id: row.partnerId,
    name: row.name ?? '',
    age: row.dateOfBirth ? ageOn(row.dateOfBirth, now) : 0,
    city: unavailable ? null : row.city,
    fictional: row.fictional ?? false,
    verified: !unavailable && (row.verified ?? false),
    online: !unavailable && row.lastActiveAt !== null && isOnline(row.lastActiveAt, now),
    thumb: !unavailable && row.thumbFilename ? `${cdnPrefix}${row.thumbFilename}` : null,
    unavailable,
    awaiting_confirmation: row.accountStatus === 'not_confirmed',
  };
}

/** One member as a chat partner of the viewer, or null when there is no such account. */
export async function findPartner(
  db: DbOrTx,
  viewerId: number,
  memberId: number,
): Promise<PartnerRow | null> {
  const [row] = await db
    .select(partnerColumns(viewerId, sql`${users.id}`))
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(photos, mainPhotoOfProfile)
    .where(eq(users.id, memberId));
  return row ?? null;
}

const partnerSide = alias(conversationMembers, 'partner_side');
const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * The viewer's conversations as the chat list shows them, newest first, in one statement: the
 * list index gives the order (only sides with a visible message, newer than the history window),
 * and each row joins its last message, the partner, the partner's read state and main photo by
 * key. Unread messages older than the window or the viewer's removal are not counted.
 */
export function summaryRows(db: DbOrTx, options: { viewerId: number; now: Date; conversationId?: number }) {
  const { viewerId, now } = options;
  const start = historyStart(now);
  const side = conversationMembers;
  const unread = sql<number>`case when ${side.unreadCount} = 0 then 0 else least(${side.unreadCount}, (
      select count(*)::int from chat_messages u
      where u.conversation_id = ${side.conversationId} and u.recipient_id = ${viewerId}
        and u.id > coalesce(${side.readUpTo}, 0) and u.created_at > ${timestamp(start)}
        and (${side.clearedAt} is null or u.created_at > ${side.clearedAt}))) end`;
  return db
    .select({
      conversationId: side.conversationId,
      unread: unread.mapWith(Number),
      lastKind: chatMessages.kind,
      lastPreview: sql<string | null>`left(${chatMessages.text}, ${PREVIEW_LENGTH})`,
      lastSenderId: chatMessages.senderId,
      lastId: chatMessages.id,
      lastAt: chatMessages.createdAt,
      partnerReadUpTo: partnerSide.readUpTo,
      ...partnerColumns(viewerId, sql`${side.otherId}`),
    })
    .from(side)
    .innerJoin(chatMessages, eq(chatMessages.id, side.lastMessageId))
    .innerJoin(users, eq(users.id, side.otherId))
    .leftJoin(profiles, eq(profiles.userId, side.otherId))
    .leftJoin(photos, mainPhotoOfProfile)
    .leftJoin(
      partnerSide,
      and(eq(partnerSide.conversationId, side.conversationId), eq(partnerSide.memberId, side.otherId)),
    )
    .where(
      and(
        eq(side.memberId, viewerId),
        isNotNull(side.lastMessageId),
        gt(side.lastMessageAt, start),
        options.conversationId === undefined ? undefined : eq(side.conversationId, options.conversationId),
      ),
    )
    .orderBy(descIndexed(side.lastMessageAt), descIndexed(side.conversationId))
    .limit(CHATS_LIST_LIMIT);
}

export type SummaryRow = Awaited<ReturnType<typeof summaryRows>>[number];

/** A row of `summaryRows` as the chat list shows it. */
export function toChatSummary(row: SummaryRow, viewerId: number, now: Date, cdnPrefix: string): ChatSummary {
  const fromViewer = row.lastSenderId === viewerId;
  return {
    conversation: { id: row.conversationId },
    profile: toChatPartner(row, now, cdnPrefix),
    num_unread_messages: row.unread,
    last_message: {
      kind: row.lastKind,
      preview: row.lastKind === 'text' ? row.lastPreview : null,
      from_viewer: fromViewer,
      seen: fromViewer && row.partnerReadUpTo !== null && row.partnerReadUpTo >= row.lastId,
      sent_at: row.lastAt.toISOString(),
    },
  };
}

/** One conversation of the viewer as the chat list shows it, or null when their list has none. */
export async function chatSummary(
  db: DbOrTx,
  options: { viewerId: number; conversationId: number; now: Date; cdnPrefix: string },
): Promise<ChatSummary | null> {
  const [row] = await summaryRows(db, options);
  return row ? toChatSummary(row, options.viewerId, options.now, options.cdnPrefix) : null;
}
