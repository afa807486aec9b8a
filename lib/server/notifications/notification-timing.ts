import 'server-only';
import { ONLINE_MINUTES } from '../members/member-filters';

/**
 * A member counts as away once they have not used the app for this long (the online window: last
 * activity is written every few minutes). Nothing is mailed while they are online.
 */
export const AWAY_MS = ONLINE_MINUTES * 60_000;

/** Messages and likes older than this are not mailed about any more (the reminders take over). */
export const FRESH_MS = 7 * 86_400_000;

/** A member away this long (and written to or liked since) gets the "you have been missed" reminder. */
export const INACTIVE_MS = 7 * 86_400_000;

/** After this long away a member gets no more reminders: they have moved on. */
export const DORMANT_MS = 60 * 86_400_000;

/** How many members a sweep reads at a time. */
export const SWEEP_BATCH = 200;

/** The daily unread reminder goes to members who have not been here for this long. */
export const REMINDER_AWAY_MS = 20 * 3_600_000;

/** No unread reminder shortly after a mail about the same messages. */
export const REMINDER_QUIET_MS = 12 * 3_600_000;
