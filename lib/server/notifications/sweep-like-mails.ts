import 'server-only';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { likes } from '../db/schema/likes';
import { profiles } from '../db/schema/members';
import { notificationDeliveries } from '../db/schema/notifications';
import { canEmailNotification, emailableSql } from './email-preferences';
import { loadMemberCards } from './member-cards';
import { loadRecipients } from './notification-recipient';
import { AWAY_MS, FRESH_MS, SWEEP_BATCH } from './notification-timing';
import { sendNotificationMail } from './send-notification-mail';
import { sweepTally, type SweepResult } from './sweep-tally';

/** Likers shown in one mail. */
const LIKERS_SHOWN = 3;

/**
 * Mails members who are away about new likes and matches (kind like): one mail per burst — all
 * likes since the last such mail — and at most one while the member stays away. A like that made
 * a match (the member had liked them first) is worded as the match.
 */
export async function sweepLikeMails(options: { now?: Date } = {}): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const awaySince = new Date(now.getTime() - AWAY_MS);
  const freshSince = new Date(now.getTime() - FRESH_MS);
  const db = await getDb();
  const tally = sweepTally('like mails');
  const liker = alias(profiles, 'liker');
  // When the member was last mailed about likes (any run, any instance).
  const lastMail = sql<Date | null>`(select max(${notificationDeliveries.createdAt}) from ${notificationDeliveries}
    where ${notificationDeliveries.userId} = ${likes.likedId} and ${notificationDeliveries.channel} = 'email'
      and ${notificationDeliveries.kind} = 'like')`;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        memberId: likes.likedId,
        count: sql<number>`count(*)::int`,
        lastActiveAt: profiles.lastActiveAt,
        lastMail: sql<string | Date | null>`${lastMail}`,
      })
      .from(likes)
      .innerJoin(users, eq(users.id, likes.likedId))
      .innerJoin(profiles, eq(profiles.userId, likes.likedId))
      // Only likes from members the reader may see.
      .innerJoin(
        liker,
        and(eq(liker.userId, likes.likerId), eq(liker.status, 'active'), eq(liker.invisible, false)),
      )
      .where(
        and(
          eq(likes.isNew, true),
          gt(likes.createdAt, freshSince),
          lt(profiles.lastActiveAt, awaySince),
          emailableSql('like'),
          gt(likes.likedId, after),
          sql`${likes.createdAt} > coalesce(${lastMail}, '-infinity'::timestamptz)`,
          // Not mailed about likes since the member was last here.
          sql`coalesce(${lastMail}, '-infinity'::timestamptz) < ${profiles.lastActiveAt}`,
        ),
      )
      .groupBy(likes.likedId, profiles.lastActiveAt)
      .orderBy(likes.likedId)
      .limit(SWEEP_BATCH);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]?.memberId ?? after;

    const recipients = await loadRecipients(
      db,
      rows.map((row) => row.memberId),
    );
    for (const row of rows) {
      const recipient = recipients.get(row.memberId);
      if (!recipient || !canEmailNotification(recipient, 'like')) continue;
      const since = row.lastMail ? new Date(row.lastMail) : new Date(0);
      const newest = await db
        .select({ likerId: likes.likerId, matchedAt: likes.matchedAt })
        .from(likes)
        .where(and(eq(likes.likedId, row.memberId), eq(likes.isNew, true), gt(likes.createdAt, since)))
        .orderBy(desc(likes.createdAt), desc(likes.likerId))
        .limit(20);
      await tally.send(`likes of member ${row.memberId}`, async () => {
        const ref = `likes:away:${row.lastActiveAt.getTime()}`;
        const match = newest.find((like) => like.matchedAt !== null);
        if (match) {
          return sendNotificationMail({
            recipient,
            kind: 'like',
            mail: 'notify_match',
            ref,
            now,
            values: async (site) => {
              const cards = await loadMemberCards(db, {
                viewerId: row.memberId,
                memberIds: [match.likerId],
                site,
                now,
              });
              const card = cards.get(match.likerId);
              if (!card) return null;
              return {
                match: card,
                moreLikes: Math.max(0, row.count - 1),
                link: `${site.origin}/members/${match.likerId}/chat`,
              };
            },
          });
        }
        return sendNotificationMail({
          recipient,
          kind: 'like',
          mail: 'notify_like',
          ref,
          now,
          values: async (site) => {
            const ids = newest.map((like) => like.likerId);
            const cards = await loadMemberCards(db, { viewerId: row.memberId, memberIds: ids, site, now });
            const likers = ids.flatMap((id) => cards.get(id) ?? []).slice(0, LIKERS_SHOWN);
            if (likers.length === 0) return null;
            return { likers, count: row.count, link: `${site.origin}/likes/received` };
          },
        });
      });
    }
    if (rows.length < SWEEP_BATCH) break;
  }
  return tally.finish();
}
