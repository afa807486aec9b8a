import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '@/lib/shared/locales';
import { getDb } from '../db/client';
import { profiles } from '../db/schema/members';
import { AppError } from '../errors';
import { liftSuspension } from './lift-suspension';

/**
 * Refuses a suspended or banned member at login: `account_suspended` names the day the suspension
 * ends (in the caller's language), `account_banned` is for good. A suspension whose time is up ends
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
    .select({ status: profiles.status, suspendedUntil: profiles.suspendedUntil })
    .from(profiles)
    .where(eq(profiles.userId, options.userId))
    .limit(1);
  if (!profile) return;
  if (profile.status === 'banned')
    throw new AppError('account_banned', { log: `banned member ${options.userId}` });
  if (profile.status !== 'suspended') return;
  if (profile.suspendedUntil && profile.suspendedUntil > now) {
    const date = new Intl.DateTimeFormat(options.locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    });
    throw new AppError('account_suspended', {
      log: `suspended member ${options.userId}`,
      values: { until: `${date.format(profile.suspendedUntil)} UTC` },
    });
  }
  await liftSuspension({ userId: options.userId, now });
}
