import { z } from 'zod';
import { GENDERS } from './auth';
import { ProfileChoicesSchema } from './profile';
import { ImageSchema } from './user';
import { MemberIdSchema, RowIdParamSchema } from './ids';
import { MAX_SEARCH_PAGE, SEARCH_MAX_AGE, SEARCH_MIN_AGE } from '../values/members';

export * from '../values/members';

const age = z.coerce.number().int().min(SEARCH_MIN_AGE).max(SEARCH_MAX_AGE);

/** A query flag for photo-verified members only: `1`/`true` asks for them, `0`/`false` does not. */
export const VerifiedOnlySchema = z
  .stringbool({ truthy: ['1', 'true'], falsy: ['0', 'false'] })
  .meta({ description: 'Photo-verified members only' });

/** The query of `GET /api/members.php` (spec §3 "Search state"). Every filter is optional. */
export const SearchQuerySchema = z.object({
  gender: z.enum(GENDERS).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  countryregion: RowIdParamSchema.optional(),
  min_age: age.optional(),
  max_age: age.optional(),
  /** Photo-verified members only (`verified=1` or `true`). */
  verified: VerifiedOnlySchema.optional(),
  page: z.coerce.number().int().min(1).max(MAX_SEARCH_PAGE).default(1),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export type SearchFilters = Omit<SearchQuery, 'page'>;

/** A member as a search result or in another member list. */
export const MemberCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  gender: z.enum(GENDERS).nullable(),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  fictional: z.boolean(),
  /** Photo verified: a moderator compared a selfie in a given pose with the member's photos. */
  verified: z.boolean(),
  online: z.boolean(),
  main_image: ImageSchema.nullable(),
});
export type MemberCard = z.infer<typeof MemberCardSchema>;

/** One page of results (spec §3: pageNumber, results). */
export const SearchPageSchema = z.object({
  pageNumber: z.number().int(),
  results: z.array(MemberCardSchema),
});
export type SearchPage = z.infer<typeof SearchPageSchema>;

/** `GET /api/members.php`: the page asked for, the total, and, on page 1 when few match, similar results. */
export const SearchResponseSchema = z.object({
  page: SearchPageSchema,
  numResults: z.number().int(),
  hasMore: z.boolean(),
  similar: SearchPageSchema.nullable(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** A photo as other members see it; a locked photo has no file names, only a blurred preview. */
export const MemberPhotoSchema = z.discriminatedUnion('locked', [
  z.object({ locked: z.literal(false), id: z.number().int(), image: ImageSchema }),
  z.object({
    locked: z.literal(true),
    id: z.number().int(),
    reason: z.enum(['login', 'premium']),
    /** A few blurred pixels of the photo (a data URL) to show behind the lock, or null. */
    preview: z
      .string()
      .regex(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/)
      .nullable(),
  }),
]);
export type MemberPhoto = z.infer<typeof MemberPhotoSchema>;

/** `GET /api/member.php?id=`: one member's page (details shown follow `visible_profile_fields`). */
export const MemberDetailSchema = MemberCardSchema.extend(ProfileChoicesSchema.shape).extend({
  region_id: z.number().int().nullable(),
  interests: z.array(z.number().int()),
  photos: z.array(MemberPhotoSchema),
  blocked_by_viewer: z.boolean(),
  liked_by_viewer: z.boolean().meta({ description: 'The viewer liked this member' }),
  likes_viewer: z.boolean().meta({ description: 'This member liked the viewer' }),
  match: z.boolean().meta({ description: 'Both liked each other' }),
});
export type MemberDetail = z.infer<typeof MemberDetailSchema>;

/** `POST /api/block.php` and `DELETE /api/block.php`. */
export const BlockRequestSchema = z.object({ member: MemberIdSchema }).strict();

/** `GET /api/blocks.php`: the members the viewer blocked, newest first. */
export const BlockedMembersSchema = z.object({
  members: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      blocked_at: z.string(),
      main_image: ImageSchema.nullable(),
    }),
  ),
});
export type BlockedMembers = z.infer<typeof BlockedMembersSchema>;
