import { z } from 'zod';
import { ImageSchema } from './user';
import { RowIdSchema } from './ids';
import { PREMIUM_PHOTO_LIMIT } from '../values/photos';

export * from '../values/photos';

/** One of the member's own photos. */
export const OwnPhotoSchema = z.object({
  id: z.number().int(),
  image: ImageSchema,
  is_main: z.boolean(),
  /** Checked by a moderator against the member's verification selfie: as main photo it keeps the badge. */
  verified: z.boolean(),
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
