import type { CompanyInfo, Interests, Regions } from '@/lib/shared/schemas/reference';
import type { Settings } from '@/lib/shared/schemas/settings';
import type { User } from '@/lib/shared/schemas/user';
import { buildUser } from '@/tests/factories/build-user';

/** Data the mocked API answers with; checked against the shared schemas by the unit tests. */
export const mockSettings: Settings = {
  countries: ['NL', 'BE', 'DE'],
  name: 'QA Dating',
  index_title: 'QA Dating – mocked API',
  description: 'The app running against mocked endpoints.',
  visible_profile_fields: ['gender', 'age', 'country', 'region'],
  visible_profile_notes: [],
  search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
  geoip_country: 'NL',
  geoip_selected_country: 'NL',
  cdn_prefix: '/cdn/',
  message_credits: 10,
  photo_credits: 5,
  gift_credits: 20,
  signup_credits: 30,
  message_length: 1000,
  minimum_message_costs: { NL: { costs: 1.99, currency: 'EUR' } },
  support_email: 'qa@example.test',
  enable_site_entry_popup: false,
  push_public_key: null,
  domain: 'localhost',
  domain_language: null,
  fictional_warning: 'Mocked fictional-profile disclaimer.',
  fictional_singular: 'fictional profile',
  fictional_plural: 'fictional profiles',
  refund_days: 14,
  signups: 'all',
  logged_out_search: true,
  logged_out_search_trafficsource: true,
  member_resell: false,
  photo_premoderation: false,
  niche: 1,
  company_id: 1,
  mail_name: 'QA Dating',
};

export const mockCompany: CompanyInfo = {
  name: 'QA Test Company B.V.',
  address: 'Teststraat 1',
  kvk: '12345678',
  city: '1000 AA Amsterdam',
  country: 'Netherlands',
  tradenames: ['QA Dating'],
  vat_numbers: ['NL000000000B01'],
  support_phone: '+31 20-000 00 00',
  delete_discount: 50,
  added: '2024-01-01T00:00:00.000Z',
};

/** The logged-in member of the mocked API: confirmed and paying (Quinn). */
export const mockUser: User = buildUser();

export const mockRegions: Regions = {
  countries: [{ country: 'NL', regions: [{ id: 1, code: 'NL-NH', name: 'Noord-Holland' }] }],
};

export const mockInterests: Interests = { interests: [{ id: 1, slug: 'travel' }] };
