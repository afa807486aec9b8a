// Plain values of the API contract (no zod): what the browser needs of likes. The schemas in
// lib/shared/schemas/likes.ts build on them and re-export them, so server code may import either.

/** How many of each kind `GET /api/likes.php` lists: the newest (received: new ones first). */
export const LIKES_STATE_LIMIT = 500;

/** Likes sent within this many seconds count against the per-hour ceiling. */
export const LIKES_WINDOW_SECONDS = 3600;

/** The tabs of the likes overview (`/likes/{type}`). */
export const LIKE_LIST_TYPES = ['received', 'sent', 'matches'] as const;
export type LikeListType = (typeof LIKE_LIST_TYPES)[number];

/** Members per page of a likes list. */
export const LIKES_PAGE_SIZE = 24;
/** Pages beyond this are not served (24 × 500 = 12,000 members). */
export const MAX_LIKES_PAGE = 500;

/** A member gets at most one auto-like a day (UTC days: windows of this many seconds). */
export const AUTO_LIKE_WINDOW_SECONDS = 86_400;

/** After the auto-like call, the likes are reloaded this many milliseconds later (spec §9). */
export const AUTO_LIKE_RELOAD_MS = 500;

/** The query parameter that asks for the like modal after that many seconds (spec §4). */
export const LIKE_MODAL_QUERY = 't';
/** The longest delay `t` may ask for, in seconds; larger values are capped. */
export const LIKE_MODAL_MAX_SECONDS = 3600;

/** Where a like sent through `POST /api/like.php` was given: a card or profile, or the signup matches. */
export const LIKE_REQUEST_SOURCES = ['member', 'signup'] as const;
export type LikeRequestSource = (typeof LIKE_REQUEST_SOURCES)[number];
