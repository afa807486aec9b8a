import { z } from 'zod';

export const CompanyInfoSchema = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  delete_discount: z.number().int().min(0).max(100),
  added: z.string(),
});
export type CompanyInfo = z.infer<typeof CompanyInfoSchema>;

export const RegionSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const RegionsSchema = z.object({
  countries: z.array(z.object({ country: z.string().length(2), regions: z.array(RegionSchema) })),
});
export type Regions = z.infer<typeof RegionsSchema>;

export const InterestSchema = z.object({ id: z.number().int(), slug: z.string() });
export const InterestsSchema = z.object({ interests: z.array(InterestSchema) });
export type Interests = z.infer<typeof InterestsSchema>;
