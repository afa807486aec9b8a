import 'server-only';
import type { Locale } from '@/lib/shared/locales';
import type { DiscountCode } from '@/lib/shared/schemas/payments';
import { AppError } from '../errors';
import { getDiscountCode } from './get-discount-code';
import { getTimeBonus } from './get-time-bonus';

/** A missing offer is no offer; anything else is a real failure. */
async function orNone<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * The offers of a member who has not paid, as `GET /api/discountcode.php?welcome=true` and
 * `GET /api/timebonus.php` answer them (null for none), for the page to show the welcome banner in
 * its first paint instead of inserting it above the content afterwards.
 */
export async function memberOffers(options: { userId: number; locale: Locale; now?: Date }): Promise<{
  welcome: DiscountCode | null;
  timeBonus: { code: string; value_percentage: number; seconds_left: number } | null;
}> {
  const now = options.now ?? new Date();
  const [welcome, timeBonus] = await Promise.all([
    orNone(
      async () =>
        (
          await getDiscountCode({
            userId: options.userId,
            query: { welcome: 'true' },
            locale: options.locale,
            now,
          })
        ).discount_code,
    ),
    orNone(() => getTimeBonus({ userId: options.userId, now })),
  ]);
  return { welcome, timeBonus };
}
