import 'server-only';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { moderationItems } from '../db/schema/moderation';
import { AppError } from '../errors';

export type ModerationItemRow = typeof moderationItems.$inferSelect;

/**
 * The moderation item a decision is about, locked until the transaction ends so two moderators
 * cannot decide it twice: `not_found` for no such item, `moderation_decided` for one decided already.
 */
export async function lockOpenItemOrThrow(tx: Tx, itemId: number): Promise<ModerationItemRow> {
  const [item] = await tx.select().from(moderationItems).where(eq(moderationItems.id, itemId)).for('update');
  if (!item) throw new AppError('not_found', { log: `no moderation item ${itemId}` });
  if (item.state === 'decided') throw new AppError('moderation_decided', { log: `item ${item.id} decided` });
  return item;
}
