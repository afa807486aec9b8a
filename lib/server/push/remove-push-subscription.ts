import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { pushSubscriptions } from '../db/schema/notifications';

/**
 * Ends one of the member's push subscriptions (`DELETE /api/user.php?push=1`). Another member's
 * endpoint is left alone, and the answer is the same either way.
 */
export async function removePushSubscription(options: { userId: number; endpoint: string }): Promise<void> {
  const db = await getDb();
  await db
    .delete(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.userId, options.userId), eq(pushSubscriptions.endpoint, options.endpoint)),
    );
}
