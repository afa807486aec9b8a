import { z } from 'zod';
import { MemberCardSchema } from './members';
import { RowIdSchema } from './ids';
import { MATCH_DISTANCES, MATCH_MAX_INTERESTS, MATCH_WHO } from '../values/match-finder';
import { SEARCH_MAX_AGE, SEARCH_MIN_AGE } from '../values/members';

export * from '../values/match-finder';

const age = z.coerce.number().int().min(SEARCH_MIN_AGE).max(SEARCH_MAX_AGE);

/** Comma-separated interest ids (`1,2,3`); empty means none. */
const interestList = z
  .string()
  .max(400)
  .regex(/^(\d+(,\d+)*)?$/, 'a comma-separated list of interest ids')
  .transform((text) => (text ? [...new Set(text.split(',').map(Number))] : []))
  .pipe(z.array(RowIdSchema).max(MATCH_MAX_INTERESTS));

/**
 * Query of `GET /api/match-finder.php`: the member's answers. What is left out comes from their
 * profile (whom they look for, an age range around their own, 50 km, their own interests).
 */
export const MatchFinderQuerySchema = z
  .object({
    gender: z.enum(MATCH_WHO).optional(),
    age_min: age.optional(),
    age_max: age.optional(),
    distance: z.enum(MATCH_DISTANCES).optional(),
    interests: interestList.optional(),
  })
  .refine((q) => q.age_min === undefined || q.age_max === undefined || q.age_min <= q.age_max, {
    message: 'age_min must not be above age_max',
    path: ['age_max'],
  });
export type MatchFinderQuery = z.infer<typeof MatchFinderQuerySchema>;

/** The answers a list was made for, every one filled in. */
export const MatchAnswersSchema = z.object({
  gender: z.enum(MATCH_WHO),
  age_min: z.number().int(),
  age_max: z.number().int(),
  distance: z.enum(MATCH_DISTANCES),
  interests: z.array(z.number().int()),
});
export type MatchAnswers = z.infer<typeof MatchAnswersSchema>;

/** Why a member fits: shown as chips ("3 shared interests", "12 km away", "Online now"). */
export const MatchReasonsSchema = z.object({
  shared_interests: z.number().int().min(0).meta({ description: 'Interests both members picked' }),
  distance_km: z
    .number()
    .int()
    .min(0)
    .nullable()
    .meta({ description: 'Rounded distance between the towns; null when either town is unknown' }),
  online: z.boolean(),
});
export type MatchReasons = z.infer<typeof MatchReasonsSchema>;

/** A member in a match list: the card and why they fit. */
export const MatchCardSchema = MemberCardSchema.extend({ reasons: MatchReasonsSchema });
export type MatchCard = z.infer<typeof MatchCardSchema>;

/** Answer of `GET /api/match-finder.php` and `GET /api/signup-matches.php`: best fit first. */
export const MatchListSchema = z.object({
  answers: MatchAnswersSchema,
  /** Whether the viewer's town is on the map; without it, distances cannot be used. */
  located: z.boolean(),
  profiles: z.array(MatchCardSchema),
});
export type MatchList = z.infer<typeof MatchListSchema>;
