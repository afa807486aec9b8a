import 'server-only';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import { SWIPE_LIKES_PER_DAY } from '@/lib/shared/values/swipe';
import { timeZoneOfCountry } from '@/lib/shared/country-time-zones';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema/auth';
import { likes } from '../db/schema/likes';
import { profiles } from '../db/schema/members';

// The rules of the swipe game's daily likes (spec §6, §9): a free member gets SWIPE_LIKES_PER_DAY
// likes a day, and the day is the member's own, from midnight to midnight in their country's time
// zone. Premium members are not limited.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of an instant in a time zone. */
function wallClock(instant: Date, timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour') % 24,
    minute: field('minute'),
    second: field('second'),
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds (whole seconds). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const c = wallClock(new Date(instant), timeZone);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return asUtc - Math.floor(instant / 1_000) * 1_000;
}

/**
 * The instant the zone's clock shows 00:00 on a calendar day (month 1–12; days past the month's end
 * roll over). The offset is looked up twice, so a day after a daylight-saving change starts at its
 * own offset, not the previous day's.
 */
function localMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  const first = wall - zoneOffsetMs(wall, timeZone);
  const second = wall - zoneOffsetMs(first, timeZone);
  return new Date(second);
}

/**
 * When the day that `now` falls on began in `timeZone` (an IANA name): local midnight as an instant.
 * At 22:30 UTC on 10 March it is already 11 March, 00:30 in Helsinki (UTC+2), so Helsinki's day
 * began at 22:00 UTC; in London (UTC+0) the day began at 00:00 UTC on 10 March.
 */
export function startOfLocalDay(now: Date, timeZone: string): Date {
  const { year, month, day } = wallClock(now, timeZone);
  return localMidnight(year, month, day, timeZone);
}

/** When the day that `now` falls on ends in `timeZone`: the next local midnight. */
export function endOfLocalDay(now: Date, timeZone: string): Date {
  const { year, month, day } = wallClock(now, timeZone);
  return localMidnight(year, month, day + 1, timeZone);
}

/**
 * Swipe likes a member has left today after `used` of them: null for premium members, who are not
 * limited, else what is left of SWIPE_LIKES_PER_DAY (never below 0).
 */
export function swipeLikesLeft(options: { used: number; isPremium: boolean }): number | null {
  if (options.isPremium) return null;
  return Math.max(0, SWIPE_LIKES_PER_DAY - options.used);
}

/** A member's swipe day: where it starts and ends, in their country's time zone. */
export function swipeDay(now: Date, country: string): { startsAt: Date; resetsAt: Date } {
  const timeZone = timeZoneOfCountry(country);
  return { startsAt: startOfLocalDay(now, timeZone), resetsAt: endOfLocalDay(now, timeZone) };
}

/** The swipe player: whom they look for, where, and whether they are premium; null without a profile. */
export async function swipePlayer(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      gender: profiles.gender,
      sexuality: profiles.sexuality,
      country: profiles.country,
      isPremium: users.paidUser,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId));
  return row ?? null;
}

/**
 * How many likes the member gave in the swipe game since `since`: read from the sent-likes index
 * (liker, newest first), so only today's likes are looked at.
 */
export async function countSwipeLikes(db: DbOrTx, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ used: count() })
    .from(likes)
    .where(and(eq(likes.likerId, userId), gte(likes.createdAt, since), sql`${likes.source} = 'swipe'`));
  return row?.used ?? 0;
}
