import { z } from 'zod';
import { GENDERS } from './auth';
import { RowIdSchema } from './ids';
import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  MAX_INTERESTS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
} from '../values/profile';

export * from '../values/profile';

/** `PUT /api/profile.php`: the fields a member edits; absent means unchanged, null means cleared. */
export const ProfileUpdateSchema = z
  .object({
    gender: z.enum(GENDERS),
    sexuality: z.enum(SEXUALITIES).nullable(),
    country: z.string().regex(/^[A-Z]{2}$/),
    region_id: RowIdSchema.nullable(),
    city: z.string().trim().max(80).nullable(),
    hair_color: z.enum(HAIR_COLORS).nullable(),
    eye_color: z.enum(EYE_COLORS).nullable(),
    body_type: z.enum(BODY_TYPES).nullable(),
    relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable(),
    tattoos: z.enum(TATTOOS).nullable(),
    interests: z.array(RowIdSchema).max(MAX_INTERESTS),
    invisible: z.boolean(),
  })
  .partial()
  .strict();
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** The choice fields of a profile as the API shows them; null where the member said nothing. */
export const ProfileChoicesSchema = z.object({
  sexuality: z.enum(SEXUALITIES).nullable(),
  hair_color: z.enum(HAIR_COLORS).nullable(),
  eye_color: z.enum(EYE_COLORS).nullable(),
  body_type: z.enum(BODY_TYPES).nullable(),
  relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable(),
  tattoos: z.enum(TATTOOS).nullable(),
});

export type ProfileChoices = z.infer<typeof ProfileChoicesSchema>;

/** A member's own profile as `GET /api/profile.php` returns it. */
export const OwnProfileSchema = ProfileChoicesSchema.extend({
  /** The member's id: their page is `/members/{id}`. */
  id: z.number().int(),
  name: z.string(),
  gender: z.enum(GENDERS).nullable(),
  date_of_birth: z.string(),
  country: z.string(),
  region_id: z.number().int().nullable(),
  city: z.string().nullable(),
  interests: z.array(z.number().int()),
  invisible: z.boolean(),
  status: z.string(),
});
export type OwnProfile = z.infer<typeof OwnProfileSchema>;
