import 'server-only';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { conversationMembers } from '../db/schema/chat';
import { likes } from '../db/schema/likes';
import { profiles } from '../db/schema/members';
import { emailableSql } from './email-preferences';
import { loadRecipients } from './notification-recipient';
import { DORMANT_MS, INACTIVE_MS, SWEEP_BATCH } from './notification-timing';
import { sendNotificationMail } from './send-notification-mail';
import { sweepTally, type SweepResult } from './sweep-tally';

/**
 * Reminders (kind reminders): a member away for a week, to whom someone wrote or who was liked
 * since they left, hears about it once per absence. Members gone for two months are left alone.
 */
export async function sweepReminders(options: { now?: Date } = {}): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const inactiveSince = new Date(now.getTime() - INACTIVE_MS);
  const dormantSince = new Date(now.getTime() - DORMANT_MS);
  const db = await getDb();
  const tally = sweepTally('reminders');
  const cm = conversationMembers;
  const messages = sql<number>`(select coalesce(sum(${cm.unreadCount}), 0)::int from ${cm}
    where ${cm.memberId} = ${users.id} and ${cm.unreadCount} > 0 and ${cm.lastMessageAt} > ${profiles.lastActiveAt})`;
  const newLikes = sql<number>`(select count(*)::int from ${likes}
    where ${likes.likedId} = ${users.id} and ${likes.isNew} and ${likes.createdAt} > ${profiles.lastActiveAt})`;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: users.id, lastActiveAt: profiles.lastActiveAt, messages, likes: newLikes })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(
        and(
          emailableSql('reminders'),
          lt(profiles.lastActiveAt, inactiveSince),
          gt(profiles.lastActiveAt, dormantSince),
          gt(users.id, after),
        ),
      )
      .orderBy(users.id)
      .limit(SWEEP_BATCH);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]?.id ?? after;
    const waiting = rows.filter((row) => row.messages + row.likes > 0);
    const recipients = await loadRecipients(
      db,
      waiting.map((row) => row.id),
    );
    for (const row of waiting) {
      const recipient = recipients.get(row.id);
      if (!recipient) continue;
      await tally.send(`reminder to member ${row.id}`, () =>
        sendNotificationMail({
          recipient,
          kind: 'reminders',
          mail: 'notify_reminder',
          ref: `away:${row.lastActiveAt.getTime()}`,
          now,
          values: (site) =>
            Promise.resolve({
              messages: row.messages,
              likes: row.likes,
              link: `${site.origin}${row.messages > 0 ? '/chats' : '/likes/received'}`,
            }),
        }),
      );
    }
    if (rows.length < SWEEP_BATCH) break;
  }
  return tally.finish();
}
