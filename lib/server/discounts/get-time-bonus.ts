import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { TIME_BONUS } from '@/lib/shared/constants';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { discountCodes, discountRedemptions } from '../db/schema/payments';
import { AppError } from '../errors';

/**
 * The time bonus of a member (spec §4, §9): TIMEBONUS25 for a member who has not paid, whose
 * signup is less than 14,400 s old and who has not used it; `not_found` otherwise.
 */
export async function getTimeBonus(options: {
  userId: number;
  now?: Date;
}): Promise<{ code: string; value_percentage: number; seconds_left: number }> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const [member] = await db
    .select({ createdAt: users.createdAt, paidUser: users.paidUser })
    .from(users)
    .where(eq(users.id, options.userId));
  const none = (why: string) =>
    new AppError('not_found', { log: `no time bonus for ${options.userId}: ${why}` });
  if (!member) throw none('no member');
  if (member.paidUser) throw none('paid');
  const ageMs = now.getTime() - member.createdAt.getTime();
  const secondsLeft = TIME_BONUS.windowSeconds - Math.floor(ageMs / 1000);
  if (secondsLeft <= 0) throw none('window over');

  const [code] = await db
    .select({ id: discountCodes.id, code: discountCodes.code, percentage: discountCodes.valuePercentage })
    .from(discountCodes)
    .where(and(eq(sql`upper(${discountCodes.code})`, TIME_BONUS.code), eq(discountCodes.status, 'active')));
  if (!code) throw none('code switched off');
  const [used] = await db
    .select({ id: discountRedemptions.id })
    .from(discountRedemptions)
    .where(
      and(eq(discountRedemptions.discountCodeId, code.id), eq(discountRedemptions.userId, options.userId)),
    )
    .limit(1);
  if (used) throw none('used');
  return {
    code: code.code,
    value_percentage: code.percentage,
    seconds_left: Math.min(secondsLeft, TIME_BONUS.windowSeconds),
  };
}
