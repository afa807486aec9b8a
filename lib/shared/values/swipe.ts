// Plain values of the swipe game's API contract (no zod), for the browser. The schemas in
// lib/shared/schemas/swipe.ts build on them and re-export them.

export { SWIPE_LIKES_PER_DAY } from '../constants';

/** A passed member stays out of the viewer's stack for this many days. */
export const SWIPE_PASS_DAYS = 30;

/** Cards one `GET /api/swipe.php` brings. */
export const SWIPE_STACK_SIZE = 20;

/** The stack is topped up when fewer cards than this are left to play. */
export const SWIPE_REFILL_BELOW = 5;

/** What a member can do with the card on top. */
export const SWIPE_ACTIONS = ['like', 'pass'] as const;
export type SwipeAction = (typeof SWIPE_ACTIONS)[number];
