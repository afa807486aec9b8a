import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { TIME_BONUS } from '@/lib/shared/constants';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { discountCodes, discountRedemptions } from '../db/schema/payments';
import { AppError } from '../errors';

export interface TimeBonus {
  code: string;
  value_percentage: number;
  seconds_left: number;
}

/**
 * The time bonus rule (spec §4, §9) on what was read: the bonus with its seconds left, or why there
 * is none. Shared by `GET /api/timebonus.php` and the offers a page brings (member-offers.ts).
 */
export function timeBonusOf(read: {
  member: { createdAt: Date; paidUser: boolean } | null;
  /** The active TIMEBONUS25 code, if it is switched on. */
  code: { code: string; percentage: number } | null;
  /** Whether the member redeemed it on a completed payment. */
  used: boolean;
  now: Date;
}): TimeBonus | string {
  const { member, code } = read;
  if (!member) return 'no member';
  if (member.paidUser) return 'paid';
  const ageMs = read.now.getTime() - member.createdAt.getTime();
  const secondsLeft = TIME_BONUS.windowSeconds - Math.floor(ageMs / 1000);
  if (secondsLeft <= 0) return 'window over';
  if (!code) return 'code switched off';
  if (read.used) return 'used';
  return {
    code: code.code,
    value_percentage: code.percentage,
    seconds_left: Math.min(secondsLeft, TIME_BONUS.windowSeconds),
  };
}

/**
 * The time bonus of a member (spec §4, §9): TIMEBONUS25 for a member who has not paid, whose
 * signup is less than 14,400 s old and who has not used it; `not_found` otherwise.
 */
export async function getTimeBonus(options: { userId: number; now?: Date }): Promise<TimeBonus> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const [member] = await db
    .select({ createdAt: users.createdAt, paidUser: users.paidUser })
    .from(users)
    .where(eq(users.id, options.userId));
  const [code] =
    member && !member.paidUser
      ? await db
          .select({
            id: discountCodes.id,
            code: discountCodes.code,
            percentage: discountCodes.valuePercentage,
          })
          .from(discountCodes)
          .where(
            and(eq(sql`upper(${discountCodes.code})`, TIME_BONUS.code), eq(discountCodes.status, 'active')),
          )
      : [];
  const [used] = code
    ? await db
        .select({ id: discountRedemptions.id })
        .from(discountRedemptions)
        .where(
          and(
            eq(discountRedemptions.discountCodeId, code.id),
            eq(discountRedemptions.userId, options.userId),
          ),
        )
        .limit(1)
    : [];
  const bonus = timeBonusOf({ member: member ?? null, code: code ?? null, used: used !== undefined, now });
  if (typeof bonus === 'string') {
    throw new AppError('not_found', { log: `no time bonus for ${options.userId}: ${bonus}` });
  }
  return bonus;
}
