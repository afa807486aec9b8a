import { z } from 'zod';
import { ImageSchema } from './user';
import { RowIdSchema } from './ids';

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

/** One of the member's own photos. */
export const OwnPhotoSchema = z.object({
  id: z.number().int(),
  image: ImageSchema,
  is_main: z.boolean(),
  width: z.number().int(),
  height: z.number().int(),
  created_at: z.string(),
});
export type OwnPhoto = z.infer<typeof OwnPhotoSchema>;

/** `GET /api/photos.php` and the answer of every photo change: the member's photos and limit. */
export const OwnPhotosSchema = z.object({
  photos: z.array(OwnPhotoSchema),
  limit: z.number().int(),
});
export type OwnPhotos = z.infer<typeof OwnPhotosSchema>;

/** `PUT /api/photo.php` (make main) and `DELETE /api/photo.php`. */
export const PhotoActionSchema = z.object({ id: RowIdSchema }).strict();

/**
 * `PUT /api/photos.php`: the member's photos in the order they want them shown, by id; the first one
 * becomes the main photo. It must name every photo of the member once.
 */
export const PhotoOrderSchema = z
  .object({ order: z.array(RowIdSchema).min(1).max(PREMIUM_PHOTO_LIMIT) })
  .strict();
export type PhotoOrder = z.infer<typeof PhotoOrderSchema>;

/** Moves the photo at `from` to `to` and makes the first one main: what the server will answer. */
export function movePhoto(photos: readonly OwnPhoto[], from: number, to: number): OwnPhoto[] {
  const next = [...photos];
  const [moved] = next.splice(from, 1);
  if (!moved) return [...photos];
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next.map((photo, index) => ({ ...photo, is_main: index === 0 }));
}
