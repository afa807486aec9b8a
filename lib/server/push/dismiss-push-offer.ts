import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { AppError } from '../errors';

/**
 * Records that the member closed the suggestion to turn on push notifications, so no device of theirs
 * shows it again. The first dismissal's time is kept.
 */
export async function dismissPushOffer(options: { userId: number; now?: Date }): Promise<void> {
  const db = await getDb();
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, options.userId), isNull(users.deletedAt)));
  if (!member) throw new AppError('authentication_required');
  await db
    .update(users)
    .set({ pushOfferDismissedAt: options.now ?? new Date() })
    .where(and(eq(users.id, options.userId), isNull(users.pushOfferDismissedAt)));
}
