import { z } from 'zod';
import { MemberIdSchema } from './ids';
import { MemberCardSchema } from './members';
import { LIKE_LIST_TYPES, LIKE_REQUEST_SOURCES, MAX_LIKES_PAGE } from '../values/likes';

export * from '../values/likes';

/** Body of `DELETE /api/like.php`. */
export const LikeRequestSchema = z.object({ member: MemberIdSchema }).strict();

/** Body of `POST /api/like.php`: the member, and where the like was given (a card by default). */
export const LikeCreateSchema = z
  .object({
    member: MemberIdSchema,
    source: z
      .enum(LIKE_REQUEST_SOURCES)
      .optional()
      .meta({ description: 'Where the like was given: `member` (default) or `signup` (the signup matches)' }),
  })
  .strict();

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

/** Query of `GET /api/like-list.php`. */
export const LikeListQuerySchema = z.object({
  type: z.enum(LIKE_LIST_TYPES),
  page: z.coerce.number().int().min(1).max(MAX_LIKES_PAGE).default(1),
});

/** A member in a likes list: the card, and how the like stands. */
export const LikeCardSchema = MemberCardSchema.extend({
  like_new: z.boolean().meta({ description: 'A received like the viewer has not seen yet' }),
  match: z.boolean(),
  liked_at: z.iso.datetime().meta({ description: 'When the like (for matches: the match) was made' }),
});
export type LikeCard = z.infer<typeof LikeCardSchema>;

/** One page of a likes list, newest first (received: new ones first). */
export const LikeListSchema = z.object({
  page: z.object({ pageNumber: z.number().int(), results: z.array(LikeCardSchema) }),
  hasMore: z.boolean(),
});
export type LikeList = z.infer<typeof LikeListSchema>;

/**
 * Answer of `GET /api/auto-like.php` (spec §3 "Liker profile"): who liked the viewer, with the main
 * photo's address for the like modal already under the CDN prefix. Fictional likers say so.
 */
export const LikerProfileSchema = z.object({
  id: MemberIdSchema,
  name: z.string(),
  age: z.number().int(),
  fictional: z.boolean(),
  main_image: z
    .object({ match: z.string().meta({ description: 'The main photo, prefixed with the CDN prefix' }) })
    .nullable(),
});
export type LikerProfile = z.infer<typeof LikerProfileSchema>;
