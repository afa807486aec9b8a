import 'server-only';
import type { Agent } from 'node:https';
import { eq, inArray, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload } from '@/lib/shared/schemas/push';
import { getDb } from '../db/client';
import { pushSubscriptions } from '../db/schema/notifications';
import { getVapidKeys } from './vapid-keys';

const { WebPushError } = webpush;

/** How a push service should treat a message: how long to keep it, how soon to wake the device. */
export interface PushDelivery {
  /** Seconds the push service keeps the message for a device that is offline (web-push's default is 28 days). */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Messages with the same topic replace each other while they wait at the push service. */
  topic?: string;
}

/** What became of a push to one member's browsers. */
export interface PushOutcome {
  sent: number;
  /** Subscriptions the push service said are gone (404, 410): deleted. */
  removed: number;
  failed: number;
}

/** Longest wait for a push service's answer. */
const PUSH_TIMEOUT_MS = 10_000;

/** A subscription the push service no longer knows: the browser unsubscribed or the subscription expired. */
const isGone = (error: unknown) =>
  error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410);

/**
 * Sends one push to every browser of a member, signed with the site's VAPID keys and `subject`, with
 * the delivery's TTL, urgency and topic. Subscriptions the push service reports gone are deleted;
 * other failures are counted on the subscription. `agent` is the HTTPS agent to post with (tests
 * trust their own push service with it).
 */
export async function sendPush(options: {
  userId: number;
  payload: PushPayload;
  delivery: PushDelivery;
  subject: string;
  agent?: Agent;
  now?: Date;
}): Promise<PushOutcome> {
  const { payload, delivery } = options;
  const db = await getDb();
  const subscriptions = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, options.userId));
  const outcome: PushOutcome = { sent: 0, removed: 0, failed: 0 };
  if (!subscriptions.length) return outcome;
  const keys = await getVapidKeys();
  const body = JSON.stringify(payload);
  const gone: number[] = [];
  const failed: number[] = [];
  const succeeded: number[] = [];
  await Promise.all(
    subscriptions.map(async (subscription) => {
      try {
        await webpush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          body,
          {
            vapidDetails: {
              subject: options.subject,
              publicKey: keys.publicKey,
              privateKey: keys.privateKey,
            },
            TTL: delivery.ttlSeconds,
            urgency: delivery.urgency,
            topic: delivery.topic,
            contentEncoding: 'aes128gcm',
            timeout: PUSH_TIMEOUT_MS,
            agent: options.agent,
          },
        );
        succeeded.push(subscription.id);
      } catch (error) {
        if (isGone(error)) {
          gone.push(subscription.id);
          return;
        }
        failed.push(subscription.id);
        const status = error instanceof WebPushError ? `HTTP ${error.statusCode}` : String(error);
        console.warn(`[push] delivery to ${new URL(subscription.endpoint).host} failed: ${status}`);
      }
    }),
  );
  const now = options.now ?? new Date();
  if (gone.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  if (failed.length) {
    await db
      .update(pushSubscriptions)
      .set({ failureCount: sql`least(${pushSubscriptions.failureCount} + 1, 32767)` })
      .where(inArray(pushSubscriptions.id, failed));
  }
  if (succeeded.length) {
    await db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: now, failureCount: 0 })
      .where(inArray(pushSubscriptions.id, succeeded));
  }
  return { sent: succeeded.length, removed: gone.length, failed: failed.length };
}
