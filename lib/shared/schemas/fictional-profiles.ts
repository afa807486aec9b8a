import { z } from 'zod';
import { GENDERS } from './auth';
import { RowIdParamSchema, RowIdSchema } from './ids';
import { ImageSchema } from './user';
import { OwnPhotoSchema } from './photos';
import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
} from '../values/profile';
import {
  ABOUT_MAX_LENGTH,
  CITY_MAX_LENGTH,
  FICTIONAL_PHOTO_LIMIT,
  FICTIONAL_REASON_LENGTH,
  FICTIONAL_STATUSES,
} from '../values/fictional-profiles';

export * from '../values/fictional-profiles';

/**
 * The fields of a profile the console edits: those of the member's own profile editor, with name,
 * date of birth (18+) and the "about" text a member writes at signup. Name, age and town are checked
 * by the domain (the account rules, the gazetteer), which names the field in its error.
 */
export const FictionalProfileFieldsSchema = z.object({
  name: z.string().trim().min(1).max(40),
  gender: z.enum(GENDERS),
  date_of_birth: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/),
  country: z.string().regex(/^[A-Z]{2}$/),
  city: z.string().trim().max(CITY_MAX_LENGTH).nullable(),
  about: z.string().trim().max(ABOUT_MAX_LENGTH).nullable(),
  sexuality: z.enum(SEXUALITIES).nullable(),
  hair_color: z.enum(HAIR_COLORS).nullable(),
  eye_color: z.enum(EYE_COLORS).nullable(),
  body_type: z.enum(BODY_TYPES).nullable(),
  relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable(),
  tattoos: z.enum(TATTOOS).nullable(),
});
export type FictionalProfileFields = z.infer<typeof FictionalProfileFieldsSchema>;

/** `POST /api/operator/profiles.php`: a new fictional profile, shown to members at once. */
export const FictionalProfileCreateSchema = FictionalProfileFieldsSchema.strict();
export type FictionalProfileCreate = z.infer<typeof FictionalProfileCreateSchema>;

/** `PUT /api/operator/profile.php`: the fields that change (absent means unchanged, null clears). */
export const FictionalProfileUpdateSchema = FictionalProfileFieldsSchema.partial()
  .extend({ id: RowIdSchema })
  .strict();
export type FictionalProfileUpdate = z.infer<typeof FictionalProfileUpdateSchema>;

/** `PUT /api/operator/profile-status.php`: show the profile to members or hide it. */
export const FictionalStatusChangeSchema = z
  .object({ id: RowIdSchema, status: z.enum(FICTIONAL_STATUSES) })
  .strict();

/** `PUT /api/operator/profile-fictional.php` (admins): make a profile fictional or not, and why. */
export const FictionalFlagChangeSchema = z
  .object({
    id: RowIdSchema,
    fictional: z.boolean(),
    reason: z.string().trim().min(FICTIONAL_REASON_LENGTH.min).max(FICTIONAL_REASON_LENGTH.max),
  })
  .strict();

/** `GET /api/operator/profiles.php`: search by name or id, a page at a time. */
export const FictionalListQuerySchema = z.object({
  q: z.string().trim().max(80).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type FictionalListQuery = z.infer<typeof FictionalListQuerySchema>;

/** One profile of the console's list. */
export const FictionalListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  gender: z.enum(GENDERS).nullable(),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  status: z.string(),
  fictional: z.boolean(),
  main_image: ImageSchema.nullable(),
  photos: z.number().int(),
  /** Conversations members have had with the profile. */
  conversations: z.number().int(),
  /** Of those, how many wait for an answer. */
  waiting: z.number().int(),
});
export type FictionalListItem = z.infer<typeof FictionalListItemSchema>;

export const FictionalListSchema = z.object({
  profiles: z.array(FictionalListItemSchema),
  /** Where photo file names are served from. */
  cdn_prefix: z.string(),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type FictionalList = z.infer<typeof FictionalListSchema>;

/** `GET /api/operator/profile.php?id=`: one profile with every field, its photos and its figures. */
export const FictionalProfileSchema = FictionalProfileFieldsSchema.extend({
  id: z.number().int(),
  name: z.string(),
  gender: z.enum(GENDERS).nullable(),
  date_of_birth: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  age: z.number().int(),
  status: z.string(),
  fictional: z.boolean(),
  created_at: z.string(),
  conversations: z.number().int(),
  photos: z.array(OwnPhotoSchema),
  photo_limit: z.number().int(),
  /** What members see with the profile, in the profile's own language: the site's fictional wording. */
  preview: z.object({
    locale: z.string(),
    cdn_prefix: z.string(),
    fictional_singular: z.string(),
    fictional_warning: z.string(),
  }),
});
export type FictionalProfile = z.infer<typeof FictionalProfileSchema>;

/** `GET /api/operator/profile.php`: which profile. */
export const FictionalProfileQuerySchema = z.object({ id: RowIdParamSchema });

/** `POST /api/operator/profile-photo.php?profile=`: which profile the upload is for. */
export const FictionalPhotoUploadQuerySchema = z.object({ profile: RowIdParamSchema });

/** `PUT /api/operator/profile-photo.php` (make main) and `DELETE` (remove). */
export const FictionalPhotoActionSchema = z.object({ profile: RowIdSchema, id: RowIdSchema }).strict();

/** `PUT /api/operator/profile-photos.php`: every photo of the profile in order; the first is the main one. */
export const FictionalPhotoOrderSchema = z
  .object({ profile: RowIdSchema, order: z.array(RowIdSchema).min(1).max(FICTIONAL_PHOTO_LIMIT) })
  .strict();
