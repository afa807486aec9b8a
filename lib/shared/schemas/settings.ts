import { z } from 'zod';
import { SIGNUP_MODES } from '../values/settings';

/** How signups are admitted (see values/settings). */
export { SIGNUP_MODES };
export const SignupModeSchema = z.enum(SIGNUP_MODES);

/** Profile fields a site can show and search on. */
export const PROFILE_FIELDS = [
  'gender',
  'sexuality',
  'age',
  'country',
  'region',
  'city',
  'interests',
  'hair_color',
  'eye_color',
  'body_type',
  'relationship_status',
  'tattoos',
] as const;
export const ProfileFieldSchema = z.enum(PROFILE_FIELDS);
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;
export const SearchFieldSchema = z.enum(SEARCH_FIELDS);
export type SearchField = (typeof SEARCH_FIELDS)[number];

export const MessageCostSchema = z.object({
  costs: z.number().nonnegative(),
  currency: z.string().length(3),
});

/** The site settings as served by `GET /api/settings.php` (spec §3 "Settings"). */
export const SettingsSchema = z.object({
  countries: z.array(z.string().length(2)),
  name: z.string(),
  index_title: z.string(),
  description: z.string(),
  visible_profile_fields: z.array(ProfileFieldSchema),
  visible_profile_notes: z.array(ProfileFieldSchema),
  search_fields: z.array(SearchFieldSchema),
  geoip_country: z.string().length(2).nullable(),
  geoip_selected_country: z.string().length(2),
  cdn_prefix: z.string(),
  message_credits: z.number().int().nonnegative(),
  photo_credits: z.number().int().nonnegative(),
  gift_credits: z.number().int().nonnegative(),
  signup_credits: z.number().int().nonnegative(),
  message_length: z.number().int().positive(),
  minimum_message_costs: z.record(z.string(), MessageCostSchema),
  support_email: z.string(),
  enable_site_entry_popup: z.boolean(),
  push_public_key: z.string().nullable(),
  domain: z.string(),
  domain_language: z.string().nullable(),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  refund_days: z.number().int().nonnegative(),
  signups: SignupModeSchema,
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  member_resell: z.boolean(),
  /** New photos wait for a moderator's approval before other members see them. */
  photo_premoderation: z.boolean(),
  niche: z.number().int().min(1).max(7),
  company_id: z.number().int(),
  mail_name: z.string(),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** Query of `GET /api/settings.php`: the forced domain (the page's host) plus the route's own query. */
export const SettingsQuerySchema = z
  .object({
    domain: z
      .string()
      .max(253)
      .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i)
      .optional(),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .optional(),
  })
  .catchall(z.string().max(512));
