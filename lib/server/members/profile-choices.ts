import 'server-only';
import { ProfileChoicesSchema, type ProfileChoices } from '@/lib/shared/schemas/profile';
import type { profiles } from '../db/schema/members';

/** The choice fields of a profile row, as the API names them; unknown stored values become null. */
export function profileChoices(row: typeof profiles.$inferSelect): ProfileChoices {
  const choice = <T extends string>(options: readonly T[], value: string | null): T | null =>
    options.find((option) => option === value) ?? null;
  const shape = ProfileChoicesSchema.shape;
  return {
    sexuality: choice(shape.sexuality.unwrap().options, row.sexuality),
    hair_color: choice(shape.hair_color.unwrap().options, row.hairColor),
    eye_color: choice(shape.eye_color.unwrap().options, row.eyeColor),
    body_type: choice(shape.body_type.unwrap().options, row.bodyType),
    relationship_status: choice(shape.relationship_status.unwrap().options, row.relationshipStatus),
    tattoos: choice(shape.tattoos.unwrap().options, row.tattoos),
  };
}
