import 'server-only';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { chatMessages, conversationMembers } from '../db/schema/chat';
import { profiles } from '../db/schema/members';
import { canEmailNotification, emailableSql } from './email-preferences';
import { loadMemberCards } from './member-cards';
import { loadRecipients } from './notification-recipient';
import { AWAY_MS, FRESH_MS, SWEEP_BATCH } from './notification-timing';
import { sendNotificationMail } from './send-notification-mail';
import { sweepTally, type SweepResult } from './sweep-tally';

const cm = conversationMembers;

/**
 * Mails members who are away about conversations with unread messages (kinds new_conversations and
 * new_messages): at most one mail per conversation while the member stays away, however many
 * messages arrive — a conversation is mailed about again only once the member came back (a newer
 * last activity) and left again with something new unread. Nothing goes to a member who used the
 * app in the last minutes, nor about messages older than a week.
 *
 * The mail's key is the conversation and the member's last activity, and `email_notified_at` moves
 * in the same transaction: two runs at once, or a run repeated after a crash, send one mail.
 */
export async function sweepConversationMails(options: { now?: Date } = {}): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const awaySince = new Date(now.getTime() - AWAY_MS);
  const freshSince = new Date(now.getTime() - FRESH_MS);
  const db = await getDb();
  const tally = sweepTally('conversation mails');
  let after = { memberId: 0, conversationId: 0 };
  for (;;) {
    const rows = await db
      .select({
        memberId: cm.memberId,
        conversationId: cm.conversationId,
        otherId: cm.otherId,
        lastMessageAt: cm.lastMessageAt,
        unreadCount: cm.unreadCount,
        notifiedAt: cm.emailNotifiedAt,
        lastActiveAt: profiles.lastActiveAt,
        // The member has never written in it: the conversation is new to them.
        isNew: sql<boolean>`not exists (select 1 from ${chatMessages} m
          where m.conversation_id = ${cm.conversationId} and m.sender_id = ${cm.memberId})`,
      })
      .from(cm)
      .innerJoin(users, eq(users.id, cm.memberId))
      .innerJoin(profiles, eq(profiles.userId, cm.memberId))
      .where(
        and(
          gt(cm.unreadCount, 0),
          gt(cm.lastMessageAt, freshSince),
          lt(profiles.lastActiveAt, awaySince),
          // Never mailed about it, or mailed before the member's last visit and written to since.
          sql`(${cm.emailNotifiedAt} is null
            or (${cm.emailNotifiedAt} < ${profiles.lastActiveAt} and ${cm.emailNotifiedAt} < ${cm.lastMessageAt}))`,
          emailableSql(),
          // Members who switched off both kinds are not read at all.
          sql`not (${users.notificationsDisabled} @> ${JSON.stringify(['email:new_conversations', 'email:new_messages'])}::jsonb)`,
          sql`(${cm.memberId}, ${cm.conversationId}) > (${after.memberId}, ${after.conversationId})`,
        ),
      )
      .orderBy(cm.memberId, cm.conversationId)
      .limit(SWEEP_BATCH);
    if (rows.length === 0) break;
    const last = rows[rows.length - 1];
    if (last) after = { memberId: last.memberId, conversationId: last.conversationId };

    const recipients = await loadRecipients(
      db,
      rows.map((row) => row.memberId),
    );
    for (const row of rows) {
      const recipient = recipients.get(row.memberId);
      const isNewConversation = row.notifiedAt === null && row.isNew;
      const kind = isNewConversation ? 'new_conversations' : 'new_messages';
      if (!recipient || !canEmailNotification(recipient, kind)) continue;
      const notifiedAt = row.notifiedAt;
      const side = and(eq(cm.memberId, row.memberId), eq(cm.conversationId, row.conversationId));
      await tally.send(`conversation ${row.conversationId} to member ${row.memberId}`, () =>
        sendNotificationMail({
          recipient,
          kind,
          mail: isNewConversation ? 'notify_new_conversation' : 'notify_new_message',
          ref: `conversation:${row.conversationId}:away:${row.lastActiveAt.getTime()}`,
          now,
          claim: async (tx) => {
            const moved = await tx
              .update(cm)
              .set({ emailNotifiedAt: now })
              .where(and(side, notifiedAt ? eq(cm.emailNotifiedAt, notifiedAt) : isNull(cm.emailNotifiedAt)))
              .returning({ memberId: cm.memberId });
            return moved.length > 0;
          },
          release: async (tx) => {
            await tx
              .update(cm)
              .set({ emailNotifiedAt: notifiedAt })
              .where(and(side, eq(cm.emailNotifiedAt, now)));
          },
          values: async (site) => {
            const cards = await loadMemberCards(db, {
              viewerId: row.memberId,
              memberIds: [row.otherId],
              site,
              now,
            });
            const sender = cards.get(row.otherId);
            // A sender who hid their profile or blocked (or was blocked) is not mailed about.
            if (!sender) return null;
            const [newest] = await db
              .select({ kind: chatMessages.kind, text: chatMessages.text })
              .from(chatMessages)
              .where(
                and(
                  eq(chatMessages.conversationId, row.conversationId),
                  eq(chatMessages.senderId, row.otherId),
                ),
              )
              .orderBy(desc(chatMessages.id))
              .limit(1);
            const preview =
              newest?.kind === 'text' && newest.text
                ? { kind: 'text' as const, text: newest.text }
                : newest && newest.kind !== 'text' && newest.kind !== 'removed'
                  ? { kind: newest.kind }
                  : null;
            return {
              sender,
              count: row.unreadCount,
              preview,
              link: `${site.origin}/chats/${row.conversationId}`,
            };
          },
        }),
      );
    }
    if (rows.length < SWEEP_BATCH) break;
  }
  return tally.finish();
}
