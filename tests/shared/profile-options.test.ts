import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/lib/shared/locales';
import { GENDERS } from '@/lib/shared/schemas/auth';
import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
} from '@/lib/shared/schemas/profile';
import { PROFILE_FIELDS } from '@/lib/shared/schemas/settings';

const OPTIONS = {
  gender: GENDERS,
  sexuality: SEXUALITIES,
  hair_color: HAIR_COLORS,
  eye_color: EYE_COLORS,
  body_type: BODY_TYPES,
  relationship_status: RELATIONSHIP_STATUSES,
  tattoos: TATTOOS,
};

describe('profile option labels', () => {
  for (const locale of LOCALES) {
    it(`${locale}: labels every choice and every field`, () => {
      const labels = (
        JSON.parse(fs.readFileSync(`messages/${locale}.json`, 'utf8')) as {
          ProfileOptions: Record<string, Record<string, string>>;
        }
      ).ProfileOptions;
      for (const [group, values] of Object.entries(OPTIONS)) {
        expect(Object.keys(labels[group] ?? {}).sort(), `${locale} ${group}`).toEqual([...values].sort());
      }
      expect(Object.keys(labels.fields ?? {}).sort()).toEqual([...PROFILE_FIELDS].sort());
    });
  }
});
