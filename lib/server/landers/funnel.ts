import 'server-only';
import type { Tracking } from '@/lib/shared/schemas/auth';
import type { FunnelKind, FunnelLander } from '@/lib/shared/values/landers';
import { getDb } from '../db/client';
import { funnelEvents } from '../db/schema/analytics';

export interface FunnelEvent {
  kind: FunnelKind;
  lander?: FunnelLander | null;
  slug?: string | null;
  tracking?: Tracking | null;
  userId?: number | null;
  at?: Date;
}

/** Records one step of the acquisition funnel (see the funnel_events table). */
export async function recordFunnelEvent(event: FunnelEvent): Promise<void> {
  const db = await getDb();
  await db.insert(funnelEvents).values({
    kind: event.kind,
    lander: event.lander ?? null,
    slug: event.slug ?? null,
    network: event.tracking?.network ?? null,
    ref: event.tracking?.ref ?? null,
    sub1: event.tracking?.sub1 ?? null,
    sub2: event.tracking?.sub2 ?? null,
    sub3: event.tracking?.sub3 ?? null,
    userId: event.userId ?? null,
    ...(event.at ? { createdAt: event.at } : {}),
  });
}
