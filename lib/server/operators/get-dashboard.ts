import 'server-only';
import { and, count, countDistinct, eq, gte, inArray, isNull, min, ne, sql, sum } from 'drizzle-orm';
import type { Dashboard, QueueSummary } from '@/lib/shared/schemas/operator-dashboard';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { chatMessages } from '../db/schema/chat';
import { complaints } from '../db/schema/complaints';
import { profiles } from '../db/schema/members';
import { payments } from '../db/schema/payments';
import { moderationItems } from '../db/schema/moderation';
import { ONLINE_MINUTES } from '../members/member-filters';
import { fictionalChatQueueSummary } from '../fictional-chats/fictional-chat-queue';

const summary = (row: { waiting: number; oldest: Date | null } | undefined): QueueSummary => ({
  waiting: row?.waiting ?? 0,
  oldestSince: row?.oldest ? row.oldest.toISOString() : null,
});

/**
 * Today's figures (the UTC day) and the queues, counted from the tables as they are: signups,
 * members active in the last 24 hours and online now, messages sent, revenue per currency.
 */
export async function getDashboard(options: { now?: Date } = {}): Promise<Dashboard> {
  const now = options.now ?? new Date();
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const onlineSince = new Date(now.getTime() - ONLINE_MINUTES * 60_000);
  const db = await getDb();
  const [signups, active, messages, revenue, complaintQueue, photoQueue, verificationQueue, fictionalChats] =
    await Promise.all([
      db
        .select({ n: count() })
        .from(users)
        .where(gte(users.createdAt, dayStart))
        .then(([row]) => row?.n ?? 0),
      db
        .select({
          active: count(),
          online:
            sql<number>`count(*) filter (where ${profiles.lastActiveAt} >= ${onlineSince.toISOString()}::timestamptz)`.mapWith(
              Number,
            ),
        })
        .from(profiles)
        .where(
          and(
            gte(profiles.lastActiveAt, dayAgo),
            eq(profiles.fictional, false),
            eq(profiles.status, 'active'),
          ),
        ),
      db
        .select({ n: count() })
        .from(chatMessages)
        .where(gte(chatMessages.createdAt, dayStart))
        .then(([row]) => row?.n ?? 0),
      db
        .select({
          currency: payments.currency,
          amountMinor: sum(payments.amountMinor).mapWith(Number),
          payments: countDistinct(payments.id),
        })
        .from(payments)
        .where(and(eq(payments.status, 'paid'), gte(payments.paidAt, dayStart)))
        .groupBy(payments.currency)
        .orderBy(payments.currency),
      db
        .select({ waiting: count(), oldest: min(complaints.createdAt) })
        .from(complaints)
        .where(inArray(complaints.status, ['received', 'in_review'])),
      // New photos waiting for a moderator's look: held ones (pre-moderation) and shown ones alike.
      db
        .select({ waiting: count(), oldest: min(moderationItems.createdAt) })
        .from(moderationItems)
        .innerJoin(users, eq(users.id, moderationItems.memberId))
        .where(
          and(
            eq(moderationItems.kind, 'photo'),
            ne(moderationItems.state, 'decided'),
            isNull(users.deletedAt),
          ),
        ),
      // Verification selfies and re-checks waiting for a moderator.
      db
        .select({ waiting: count(), oldest: min(moderationItems.createdAt) })
        .from(moderationItems)
        .innerJoin(users, eq(users.id, moderationItems.memberId))
        .where(
          and(
            inArray(moderationItems.kind, ['verification', 'verification_recheck']),
            ne(moderationItems.state, 'decided'),
            isNull(users.deletedAt),
          ),
        ),
      fictionalChatQueueSummary({ now }),
    ]);
  return {
    day: dayStart.toISOString().slice(0, 10),
    signups,
    activeMembers: active[0]?.active ?? 0,
    onlineMembers: active[0]?.online ?? 0,
    messages,
    revenue,
    queues: {
      fictionalChats,
      complaints: summary(complaintQueue[0]),
      photos: summary(photoQueue[0]),
      verifications: summary(verificationQueue[0]),
    },
  };
}
