import 'server-only';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { cleanTracking } from '@/lib/shared/attribution';
import type { Tracking } from '@/lib/shared/schemas/auth';
import { isFunnelLander, type FunnelKind, type FunnelLander } from '@/lib/shared/values/landers';
import { getDb, type Tx } from '../db/client';
import { funnelEvents } from '../db/schema/analytics';
import { users } from '../db/schema/auth';
import { payments } from '../db/schema/payments';

export interface FunnelEvent {
  kind: FunnelKind;
  lander?: FunnelLander | null;
  slug?: string | null;
  tracking?: Tracking | null;
  userId?: number | null;
  at?: Date;
  /** Records inside this transaction (it commits or rolls back with it). */
  tx?: Tx;
}

function rowOf(event: FunnelEvent) {
  // Whoever names the source, only values of the safe characters are stored (they end up in reports).
  const tracking = cleanTracking(event.tracking);
  return {
    kind: event.kind,
    lander: event.lander ?? null,
    slug: event.slug ?? null,
    network: tracking?.network ?? null,
    ref: tracking?.ref ?? null,
    sub1: tracking?.sub1 ?? null,
    sub2: tracking?.sub2 ?? null,
    sub3: tracking?.sub3 ?? null,
    userId: event.userId ?? null,
    ...(event.at ? { createdAt: event.at } : {}),
  };
}

/** Records one step of the acquisition funnel (see the funnel_events table). */
export async function recordFunnelEvent(event: FunnelEvent): Promise<void> {
  const db = event.tx ?? (await getDb());
  await db.insert(funnelEvents).values(rowOf(event));
}

/**
 * Records a member's first purchase when this paid payment is their first: inside the transaction
 * that books it (lib/server/payments/sync-payment.ts), attributed to the traffic source and lander
 * stored on the member at signup. Never twice: an earlier paid payment means this is not the first,
 * and the unique index on the member's `first_purchase` row stops a second one booked at the same
 * moment. Answers whether it was recorded.
 */
export async function recordFirstPurchase(options: {
  tx: Tx;
  userId: number;
  paymentId: number;
  now: Date;
}): Promise<boolean> {
  const { tx, userId } = options;
  const [earlier] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), isNotNull(payments.paidAt), ne(payments.id, options.paymentId)))
    .limit(1);
  if (earlier) return false;
  const [member] = await tx
    .select({
      network: users.trackingNetwork,
      ref: users.trackingRef,
      sub1: users.trackingSub1,
      sub2: users.trackingSub2,
      sub3: users.trackingSub3,
      lander: users.signupLander,
      slug: users.signupLanderSlug,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) return false;
  const tracking = Object.fromEntries(
    Object.entries({
      network: member.network,
      ref: member.ref,
      sub1: member.sub1,
      sub2: member.sub2,
      sub3: member.sub3,
    }).filter((entry): entry is [string, string] => entry[1] !== null),
  ) as Tracking;
  const inserted = await tx
    .insert(funnelEvents)
    .values(
      rowOf({
        kind: 'first_purchase',
        lander: isFunnelLander(member.lander) ? member.lander : null,
        slug: member.slug,
        tracking,
        userId,
        at: options.now,
      }),
    )
    .onConflictDoNothing()
    .returning({ id: funnelEvents.id });
  return inserted.length > 0;
}
