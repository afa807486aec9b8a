import { z } from 'zod';
import { LOCALES } from '../locales';
import { RowIdSchema } from './ids';
import { SIGNUP_MODES } from './settings';
import { PAYMENT_METHODS } from '../values/payments';

const CountrySchema = z.string().regex(/^[A-Z]{2}$/);
const CurrencySchema = z.string().regex(/^[A-Z]{3}$/);
const CreditsSchema = z.number().int().min(0).max(100_000);

/** A text the site shows in every language: one non-empty text per locale. */
export const LocalizedTextSchema = z.object(
  Object.fromEntries(LOCALES.map((locale) => [locale, z.string().trim().min(1).max(500)])) as Record<
    (typeof LOCALES)[number],
    z.ZodString
  >,
);

/** The lowest price of a message in one country (spec §3 `minimum_message_costs`). */
export const MinimumMessageCostSchema = z.object({
  costs: z.number().min(0).max(1_000),
  currency: CurrencySchema,
});

/** The settings of a site an administrator may change (spec §3 "Settings"). */
export const EditableSiteSettingsSchema = z.object({
  signups: z.enum(SIGNUP_MODES),
  enable_site_entry_popup: z.boolean(),
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  fictional_warning: LocalizedTextSchema,
  fictional_singular: LocalizedTextSchema,
  fictional_plural: LocalizedTextSchema,
  message_credits: CreditsSchema,
  photo_credits: CreditsSchema,
  gift_credits: CreditsSchema,
  signup_credits: CreditsSchema,
  minimum_message_costs: z.record(CountrySchema, MinimumMessageCostSchema),
  refund_days: z.number().int().min(0).max(365),
  member_resell: z.boolean(),
  photo_premoderation: z.boolean(),
  niche: z.number().int().min(1).max(7),
  support_email: z.email().max(254),
});
export type EditableSiteSettings = z.infer<typeof EditableSiteSettingsSchema>;

/** A site as the console shows it: its domain and the settings it may change. */
export const OperatorSiteSchema = EditableSiteSettingsSchema.extend({
  id: z.number().int(),
  domain: z.string(),
  name: z.string(),
  countries: z.array(z.string()),
  updated: z.string(),
});
export type OperatorSite = z.infer<typeof OperatorSiteSchema>;

/** `PUT /api/operator/site.php`: change some settings of one site. */
export const SiteSettingsChangeSchema = z
  .object({
    site: RowIdSchema,
    changes: EditableSiteSettingsSchema.partial()
      .strict()
      .refine((changes) => Object.keys(changes).length > 0, 'Change at least one setting.'),
  })
  .strict();
export const SiteSettingsChangedSchema = z.object({ site: OperatorSiteSchema });

/** A credit bundle as the console shows it (amounts in the currency's minor unit). */
export const OperatorBundleSchema = z.object({
  id: z.number().int(),
  country: z.string(),
  currency: z.string(),
  credits: z.number().int(),
  amount: z.number().int(),
  best_value: z.boolean(),
  position: z.number().int(),
  active: z.boolean(),
});
export type OperatorBundle = z.infer<typeof OperatorBundleSchema>;

const BundleFieldsSchema = z.object({
  country: CountrySchema,
  currency: CurrencySchema,
  credits: z.number().int().min(1).max(1_000_000),
  amount: z.number().int().min(1).max(100_000_000),
  best_value: z.boolean(),
  position: z.number().int().min(0).max(100),
  active: z.boolean(),
});
/** `POST /api/operator/bundles.php`: a new bundle. */
export const NewBundleSchema = BundleFieldsSchema.partial({
  best_value: true,
  position: true,
  active: true,
}).strict();
/** `PUT /api/operator/bundles.php`: changes to a bundle (past payments keep what they bought). */
export const BundleChangeSchema = BundleFieldsSchema.partial().extend({ id: RowIdSchema }).strict();
export const BundleSavedSchema = z.object({ bundle: OperatorBundleSchema });

/** A discount code as the console shows it. */
export const OperatorDiscountCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  country: z.string().nullable(),
  user_id: z.number().int().nullable(),
  expires: z.string().nullable(),
  value_percentage: z.number().int(),
  currency: z.string().nullable(),
  minimum_order_value: z.number().int().nullable(),
  status: z.enum(['active', 'inactive']),
  validity: z.enum(['once_per_user', 'unlimited']),
  payment_methods: z.array(z.string()),
  welcome: z.boolean(),
  welcome_hours: z.number().int().nullable(),
  /** Completed payments that used it. */
  redemptions: z.number().int(),
});
export type OperatorDiscountCode = z.infer<typeof OperatorDiscountCodeSchema>;

const DiscountFieldsSchema = z.object({
  value_percentage: z.number().int().min(1).max(99),
  country: CountrySchema.nullable(),
  currency: CurrencySchema.nullable(),
  minimum_order_value: z.number().int().min(1).max(100_000_000).nullable(),
  expires: z.iso.datetime({ offset: true }).nullable(),
  status: z.enum(['active', 'inactive']),
  validity: z.enum(['once_per_user', 'unlimited']),
  payment_methods: z.array(z.enum(PAYMENT_METHODS)).max(PAYMENT_METHODS.length),
});
/** `POST /api/operator/discount-codes.php`: a new code (letters, digits, - and _). */
export const NewDiscountCodeSchema = DiscountFieldsSchema.partial()
  .extend({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,40}$/)
      .transform((code) => code.toUpperCase()),
    value_percentage: z.number().int().min(1).max(99),
  })
  .strict();
/** `PUT /api/operator/discount-codes.php`: changes to a code (its text stays). */
export const DiscountCodeChangeSchema = DiscountFieldsSchema.partial().extend({ id: RowIdSchema }).strict();
export const DiscountCodeSavedSchema = z.object({ discount_code: OperatorDiscountCodeSchema });

/** `GET /api/operator/sites.php`: the sites, every bundle and every discount code. */
export const SitesOverviewSchema = z.object({
  sites: z.array(OperatorSiteSchema),
  bundles: z.array(OperatorBundleSchema),
  discount_codes: z.array(OperatorDiscountCodeSchema),
});
export type SitesOverview = z.infer<typeof SitesOverviewSchema>;
