import { z } from 'zod';
import { MemberIdSchema } from './ids';

/** How many of each kind `GET /api/likes.php` lists: the newest (received: new ones first). */
export const LIKES_STATE_LIMIT = 500;

/** Likes sent within this many seconds count against the per-hour ceiling. */
export const LIKES_WINDOW_SECONDS = 3600;

/** Body of `POST /api/like.php` and `DELETE /api/like.php`. */
export const LikeRequestSchema = z.object({ member: MemberIdSchema }).strict();

/** Answer of `POST /api/like.php`: whether the like made a match (the member had liked the viewer). */
export const LikeResponseSchema = z.object({
  match: z.boolean().meta({ description: 'The member had liked the viewer: the two now match' }),
});
export type LikeResponse = z.infer<typeof LikeResponseSchema>;

/**
 * The viewer's likes (spec §3, §7): `profiles` are the members the viewer liked, `liked_by` the
 * members who liked the viewer, each with `like_new` until the viewer opens that member's profile.
 */
export const LikesStateSchema = z.object({
  profiles: z.array(z.object({ id: MemberIdSchema, match: z.boolean() })),
  liked_by: z.array(z.object({ id: MemberIdSchema, like_new: z.boolean() })),
  num_new_likes: z.number().int().min(0).meta({ description: 'Likes the viewer has not seen yet' }),
});
export type LikesState = z.infer<typeof LikesStateSchema>;
