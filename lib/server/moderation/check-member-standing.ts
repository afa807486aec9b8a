import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '@/lib/shared/locales';
import { formatMemberTime, memberTimeZone } from '@/lib/shared/time-zones';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { AppError } from '../errors';
import { liftSuspension } from './lift-suspension';

/**
 * Refuses a suspended or banned member at login: `account_suspended` names when the suspension
 * ends (in the caller's language, on the member's own clock), `account_banned` is for good. A suspension whose time is up ends
 * here, even before its job has run.
 */
export async function checkMemberStanding(options: {
  userId: number;
  locale: Locale;
  now?: Date;
}): Promise<void> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const [profile] = await db
    .select({
      status: profiles.status,
      suspendedUntil: profiles.suspendedUntil,
      country: profiles.country,
      timeZone: users.timeZone,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, options.userId))
    .limit(1);
  if (!profile) return;
  if (profile.status === 'banned')
    throw new AppError('account_banned', { log: `banned member ${options.userId}` });
  if (profile.status !== 'suspended') return;
  if (profile.suspendedUntil && profile.suspendedUntil > now) {
    // On the member's own clock, the zone named.
    const timeZone = memberTimeZone({ timeZone: profile.timeZone, countries: [profile.country] });
    throw new AppError('account_suspended', {
      log: `suspended member ${options.userId}`,
      values: { until: formatMemberTime(profile.suspendedUntil, { locale: options.locale, timeZone }) },
    });
  }
  await liftSuspension({ userId: options.userId, now });
}
