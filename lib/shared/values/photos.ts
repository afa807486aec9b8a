// Plain values of the API contract (no zod): what the browser needs of photos. The schemas in
// lib/shared/schemas/photos.ts build on them and re-export them, so server code may import either.
/** Photo limits (spec §9): free members hold up to 3 photos, premium members up to 25. */
export const FREE_PHOTO_LIMIT = 3;
export const PREMIUM_PHOTO_LIMIT = 25;
/** How many of another member's photos a free member sees; the rest are for premium members. */
export const FREE_VISIBLE_PHOTOS = 3;
/** The largest upload accepted, in bytes. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The most pixels an uploaded image may have (width × height). */
export const MAX_UPLOAD_PIXELS = 40_000_000;
/** Upload types accepted, checked by content. */
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const photoLimit = (paidUser: boolean): number => (paidUser ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT);

/** Moves the photo at `from` to `to` and makes the first one main: what the server will answer. */
export function movePhoto<P extends { is_main: boolean }>(
  photos: readonly P[],
  from: number,
  to: number,
): P[] {
  const next = [...photos];
  const [moved] = next.splice(from, 1);
  if (!moved) return [...photos];
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next.map((photo, index) => ({ ...photo, is_main: index === 0 }));
}
