import { GENDERS } from '@/lib/shared/values/auth';
import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
} from '@/lib/shared/values/profile';
import type { OwnProfile, ProfileUpdate } from '@/lib/shared/schemas/profile';

/** The choice fields that may be left unspecified, with their choices. */
export const CHOICES = {
  sexuality: SEXUALITIES,
  hair_color: HAIR_COLORS,
  eye_color: EYE_COLORS,
  body_type: BODY_TYPES,
  relationship_status: RELATIONSHIP_STATUSES,
  tattoos: TATTOOS,
} as const;
export type ChoiceField = keyof typeof CHOICES;
export const CHOICE_FIELDS = Object.keys(CHOICES) as ChoiceField[];

/** The editor's fields, named as `PUT /api/profile.php` names them (its errors name the same fields). */
export type ProfileField = 'gender' | 'country' | 'region_id' | 'city' | 'interests' | ChoiceField;
export const PROFILE_FORM_FIELDS: readonly ProfileField[] = [
  'gender',
  'sexuality',
  'country',
  'region_id',
  'city',
  'hair_color',
  'eye_color',
  'body_type',
  'relationship_status',
  'tattoos',
  'interests',
];

/** The form's values: every field as text, '' for "not specified"; interests as ids joined by commas. */
export type ProfileValues = Record<ProfileField, string>;

export const joinIds = (ids: readonly number[]): string => ids.join(',');
export const splitIds = (value: string): number[] =>
  value
    .split(',')
    .filter(Boolean)
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);

export function valuesOf(profile: OwnProfile): ProfileValues {
  return {
    gender: profile.gender ?? '',
    sexuality: profile.sexuality ?? '',
    country: profile.country,
    region_id: profile.region_id === null ? '' : String(profile.region_id),
    city: profile.city ?? '',
    hair_color: profile.hair_color ?? '',
    eye_color: profile.eye_color ?? '',
    body_type: profile.body_type ?? '',
    relationship_status: profile.relationship_status ?? '',
    tattoos: profile.tattoos ?? '',
    interests: joinIds(profile.interests),
  };
}

const choice = <T extends string>(choices: readonly T[], value: string): T | null =>
  choices.find((c) => c === value) ?? null;

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((id, i) => id === [...b].sort((x, y) => x - y)[i]);

/**
 * What the member changed, as `PUT /api/profile.php` takes it: only the fields whose value differs
 * from the saved profile, a cleared choice as null. An empty object means nothing changed.
 */
export function changesOf(profile: OwnProfile, values: ProfileValues): ProfileUpdate {
  const changes: ProfileUpdate = {};
  const gender = choice(GENDERS, values.gender);
  if (gender && gender !== profile.gender) changes.gender = gender;
  if (values.country && values.country !== profile.country) changes.country = values.country;
  const regionId = values.region_id ? Number(values.region_id) : null;
  if (regionId !== profile.region_id) changes.region_id = regionId;
  const city = values.city.trim() || null;
  if (city !== profile.city) changes.city = city;
  for (const field of CHOICE_FIELDS) {
    const value = choice<string>(CHOICES[field], values[field]);
    if (value !== profile[field]) Object.assign(changes, { [field]: value });
  }
  const interests = splitIds(values.interests);
  if (!sameIds(interests, profile.interests)) changes.interests = interests;
  return changes;
}
