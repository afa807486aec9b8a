import 'server-only';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { conversationMembers } from '../db/schema/chat';
import { profiles } from '../db/schema/members';
import { notificationDeliveries } from '../db/schema/notifications';
import { emailableSql } from './email-preferences';
import { loadMemberCards } from './member-cards';
import { loadRecipients } from './notification-recipient';
import { FRESH_MS, REMINDER_AWAY_MS, REMINDER_QUIET_MS, SWEEP_BATCH } from './notification-timing';
import { sendNotificationMail } from './send-notification-mail';
import { sweepTally, type SweepResult } from './sweep-tally';

const cm = conversationMembers;

/**
 * The daily reminder of unread messages (kind unread_message_reminders): once a day (UTC), and at
 * least 20 hours apart, to members who have not been here for most of a day and have messages of
 * the last week unread, unless a mail about new messages went out in the last hours.
 */
export async function sweepUnreadReminders(options: { now?: Date } = {}): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const awaySince = new Date(now.getTime() - REMINDER_AWAY_MS);
  const freshSince = new Date(now.getTime() - FRESH_MS);
  const quietSince = new Date(now.getTime() - REMINDER_QUIET_MS);
  const day = now.toISOString().slice(0, 10);
  const db = await getDb();
  const tally = sweepTally('unread reminders');
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        memberId: cm.memberId,
        unread: sql<number>`sum(${cm.unreadCount})::int`,
        conversations: sql<number>`count(*)::int`,
      })
      .from(cm)
      .innerJoin(users, eq(users.id, cm.memberId))
      .innerJoin(profiles, eq(profiles.userId, cm.memberId))
      .where(
        and(
          gt(cm.unreadCount, 0),
          gt(cm.lastMessageAt, freshSince),
          lt(profiles.lastActiveAt, awaySince),
          emailableSql('unread_message_reminders'),
          gt(cm.memberId, after),
          sql`not exists (select 1 from ${notificationDeliveries} d where d.user_id = ${cm.memberId}
            and d.channel = 'email' and d.kind in ('new_messages', 'new_conversations')
            and d.created_at > ${quietSince})`,
          // A day apart: a late run after midnight does not remind twice in a few hours.
          sql`not exists (select 1 from ${notificationDeliveries} d where d.user_id = ${cm.memberId}
            and d.channel = 'email' and d.kind = 'unread_message_reminders' and d.created_at > ${awaySince})`,
        ),
      )
      .groupBy(cm.memberId)
      .orderBy(cm.memberId)
      .limit(SWEEP_BATCH);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]?.memberId ?? after;
    const recipients = await loadRecipients(
      db,
      rows.map((row) => row.memberId),
    );
    for (const row of rows) {
      const recipient = recipients.get(row.memberId);
      if (!recipient) continue;
      await tally.send(`reminder to member ${row.memberId}`, () =>
        sendNotificationMail({
          recipient,
          kind: 'unread_message_reminders',
          mail: 'notify_unread_reminder',
          ref: `day:${day}`,
          now,
          values: async (site) => {
            const waiting = await db
              .select({ otherId: cm.otherId })
              .from(cm)
              .where(
                and(eq(cm.memberId, row.memberId), gt(cm.unreadCount, 0), gt(cm.lastMessageAt, freshSince)),
              )
              .orderBy(desc(cm.lastMessageAt))
              .limit(10);
            const ids = waiting.map((w) => w.otherId);
            const cards = await loadMemberCards(db, { viewerId: row.memberId, memberIds: ids, site, now });
            const senders = ids.flatMap((id) => cards.get(id) ?? []).slice(0, 3);
            // Only messages from members the reader may still see count.
            if (senders.length === 0) return null;
            return {
              count: row.unread,
              senders,
              conversations: row.conversations,
              link: `${site.origin}/chats`,
            };
          },
        }),
      );
    }
    if (rows.length < SWEEP_BATCH) break;
  }
  return tally.finish();
}
