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
