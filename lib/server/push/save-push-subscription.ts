import 'server-only';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { PUSH_SUBSCRIPTIONS_PER_MEMBER, type PushSubscriptionInput } from '@/lib/shared/schemas/push';
import { getDb } from '../db/client';
import { pushSubscriptions } from '../db/schema/notifications';
import { AppError } from '../errors';
import { isAllowedPushEndpoint } from './push-services';

/** The longest browser description kept with a subscription. */
const USER_AGENT_MAX = 300;

/**
 * Registers a browser for the member's web push (`POST /api/user.php?push=1`). An endpoint that is
 * known already moves to this member with its new keys (a browser has one subscription, whoever is
 * logged in); a member with more than PUSH_SUBSCRIPTIONS_PER_MEMBER browsers loses the oldest.
 */
export async function savePushSubscription(options: {
  userId: number;
  subscription: PushSubscriptionInput;
  userAgent?: string | null;
  now?: Date;
}): Promise<void> {
  const { userId, subscription } = options;
  if (!isAllowedPushEndpoint(subscription.endpoint)) {
    throw new AppError('field_invalid', {
      field: 'subscription.endpoint',
      log: `push: endpoint of an unknown push service ${new URL(subscription.endpoint).host}`,
    });
  }
  const now = options.now ?? new Date();
  const values = {
    userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: options.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    createdAt: now,
    failureCount: 0,
  };
  const db = await getDb();
  await db.transaction(async (tx) => {
    // One registration of a member at a time, so the limit holds when several browsers register at once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`push:${userId}`}, 0))`);
    await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...values, lastSuccessAt: null },
      });
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(PUSH_SUBSCRIPTIONS_PER_MEMBER);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
  });
}
