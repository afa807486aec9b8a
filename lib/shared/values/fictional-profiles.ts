// Plain values of the API contract (no zod): what the console needs of fictional profiles. The schemas
// in lib/shared/schemas/fictional-profiles.ts build on them and re-export them.
import { PREMIUM_PHOTO_LIMIT } from './photos';

/** The longest "about" text of a profile (the same as a member's signup text). */
export const ABOUT_MAX_LENGTH = 1000;
/** The longest town name. */
export const CITY_MAX_LENGTH = 80;
/** A change of the fictional flag needs a reason of at least this many characters. */
export const FICTIONAL_REASON_LENGTH = { min: 5, max: 500 } as const;
/** Profiles per page of the console's list. */
export const FICTIONAL_PAGE_SIZE = 25;
/** The most photos a fictional profile holds (the premium members' limit). */
export const FICTIONAL_PHOTO_LIMIT = PREMIUM_PHOTO_LIMIT;

/** Shown to members (`active`) or hidden from them (`disabled`). */
export const FICTIONAL_STATUSES = ['active', 'disabled'] as const;
export type FictionalStatus = (typeof FICTIONAL_STATUSES)[number];
