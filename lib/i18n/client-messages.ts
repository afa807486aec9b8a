import type { FieldErrorCode } from '@/lib/shared/account-rules';
import { SERVED_COUNTRIES } from '@/lib/shared/constants';
import { countryNameIn } from '@/lib/shared/country-names';
import type { ComplaintFieldError } from '@/lib/shared/values/complaints';

/**
 * Which message namespaces reach the browser. The root layout sends the frame's namespaces with every
 * page; a page whose client components use more names them here and wraps its content in
 * `<PageMessages page="…">`, so each page carries only the texts its client components show
 * (tests/shared/client-messages.test.ts follows the imports of every page to check this list).
 */
export const SHELL_NAMESPACES = [
  'Common',
  'Nav',
  'LanguageDropdown',
  'Warnings',
  'EntryWarning',
  'Footer',
  'ErrorPage',
  'Errors',
  'ActivationReminder',
  // The like modal of query `t` shows on any page.
  'LikeModal',
  // The signup dialog opens on every page, and offers login and reactivation.
  'Signup',
  'AuthForm',
  'Login',
  'Reactivation',
  'Activation',
  'SupportContact',
  // The welcome banner and the time-bonus offer show on every page of a member who has not paid.
  'TimeBonus',
  // The members' notification alerts, and the links to the notifications page and to installing.
  'NotificationAlerts',
  'NotificationLinks',
  // This device's push state (its failures worded), used by the push offer and the refresh.
  'PushState',
] as const;

/** The form checks' codes the browser words itself (`useFieldErrorText`, the complaint form). */
const FIELD_ERRORS = [
  'invalid_email',
  'username_length',
  'username_characters',
  'username_is_email',
  'username_starts_with_at',
  'date_of_birth_required',
  'invalid_date_of_birth',
  'password_too_short',
  'password_too_long',
  'password_too_common',
  'password_is_email',
  'passwords_differ',
  'complaint_text_length',
  'complaint_email_required',
] as const satisfies readonly (FieldErrorCode | ComplaintFieldError)[];
// Every code of both checks is listed (a new code fails the type check until it is).
const fieldErrorsListed: Exclude<FieldErrorCode | ComplaintFieldError, (typeof FIELD_ERRORS)[number]> extends never
  ? true
  : false = true;
void fieldErrorsListed;

/**
 * The `Errors` texts client components show by their key; every other failure comes from the API
 * already worded in the member's language. The frame sends only these (a ninth of the namespace):
 * tests/shared/client-messages.test.ts reads every client use of the namespace to keep this list whole.
 */
export const CLIENT_ERRORS = [
  ...FIELD_ERRORS,
  'internal_error',
  'activation_failed',
  'blocked_by_member',
  'complaint_reason_required',
  'insufficient_credits',
  'link_invalid',
  'new_email_invalid',
  'photo_invalid',
  'photo_limit_reached',
  'photo_too_large',
  'premium_required',
  'search_login_required',
] as const;

/**
 * Not a message file's namespace: the names of the served countries in the page's language, made on
 * the server, so phones need not load the browser's whole country list (`Intl.DisplayNames`) to show
 * a few of them.
 */
export const COUNTRY_NAMES = 'CountryNames';

const MEMBER_DETAILS = [
  'Members',
  'Likes',
  // The verified badge on cards and member pages, with its explanation.
  'VerifiedBadge',
  'ProfileOptions',
  'Interests',
  'RegionLabels',
  COUNTRY_NAMES,
] as const;

/** Namespaces beyond the frame's, per page (its folder under app/(default)). */
export const PAGE_NAMESPACES = {
  'lang-config': ['LangConfig'],
  members: [...MEMBER_DETAILS, 'Geolocation'],
  'members/[id]': [...MEMBER_DETAILS, 'Gifts'],
  profile: [
    'ProfileEditor',
    'ProfilePhotos',
    'Verification',
    'ProfileOptions',
    'Interests',
    'RegionLabels',
    'Geolocation',
    'AccountSettings',
    COUNTRY_NAMES,
  ],
  settings: [
    'AccountSettings',
    'Passkeys',
    'DataExport',
    'PrivacySettings',
    'ProfileOptions',
    'Interests',
    'RegionLabels',
    // "My reports" names each report's reason as the complaint form does.
    'MyReports',
    'Complaints',
  ],
  'settings/delete': ['AccountDeletion', 'AccountSettings'],
  'reset-password': ['ResetPassword'],
  'reset-password/do': ['ResetPassword'],
  'mail-change/do': ['MailChange'],
  // The unsubscribe link of notification mails.
  unsubscribe: ['Unsubscribe'],
  complaints: ['Complaints'],
  likes: [...MEMBER_DETAILS, 'AccountSettings'],
  'likes/[type]': [...MEMBER_DETAILS, 'AccountSettings'],
  'likes/m/[id]': [...MEMBER_DETAILS, 'AccountSettings'],
  'swipe-game': [...MEMBER_DETAILS, 'SwipeGame', 'AccountSettings'],
  'match-finder': [...MEMBER_DETAILS, 'MatchFinder', 'AccountSettings'],
  'signup-matches': [...MEMBER_DETAILS, 'MatchFinder', 'SignupMatches', 'AccountSettings'],
  chats: ['Chats', 'AccountSettings'],
  // The chat layout's pages (app/(chat)): the conversation, with the list beside it on wide screens.
  'chats/[id]': ['Chat', 'Chats', 'Gifts', 'Gifs', 'Icebreakers', 'VerifiedBadge'],
  'members/[id]/chat': ['Chat', 'Chats', 'Gifts', 'Gifs', 'Icebreakers', 'VerifiedBadge'],
  directdebit: ['DirectDebit', 'AccountSettings'],
  // Money: bundles, checkout, payments and premium; the payment-country picker names countries.
  credits: ['Payments', 'AccountSettings', COUNTRY_NAMES],
  'credits/[id]/[[...paymentmethod]]': ['Payments', 'AccountSettings', COUNTRY_NAMES],
  'credits/repeat-order': ['Payments', 'AccountSettings'],
  transactions: ['Payments', 'AccountSettings'],
  'transactions/[id]': ['Payments', 'AccountSettings'],
  premium: ['Payments'],
  notifications: ['NotificationSettings', 'AccountSettings'],
  pricing: ['Payments', COUNTRY_NAMES],
  // The test payment service's checkout (app/(empty)).
  'sandbox/checkout/[id]': ['Payments', 'AccountSettings'],
} as const satisfies Record<string, readonly string[]>;

export type MessagesPage = keyof typeof PAGE_NAMESPACES;

/** The namespaces of `messages` that are listed, as a smaller message object. */
export function pickNamespaces<T>(
  messages: Record<string, T>,
  namespaces: readonly string[],
): Record<string, T> {
  const picked: Record<string, T> = {};
  for (const ns of namespaces) {
    const value = messages[ns];
    if (value !== undefined) picked[ns] = value;
  }
  return picked;
}

/** The frame's texts for the browser: its namespaces, with `Errors` cut to the keys clients use. */
export function shellMessages<T>(messages: Record<string, T>): Record<string, T> {
  const picked = pickNamespaces(messages, SHELL_NAMESPACES);
  const errors = picked.Errors as Record<string, unknown> | undefined;
  if (errors) picked.Errors = pickNamespaces(errors, CLIENT_ERRORS) as T;
  return picked;
}

const servedNames = new Map<string, Record<string, string>>();

/** The served countries' names in a language, by country code. */
export function servedCountryNames(locale: string): Record<string, string> {
  let names = servedNames.get(locale);
  if (!names) {
    names = Object.fromEntries(SERVED_COUNTRIES.map((code) => [code, countryNameIn(locale, code) ?? code]));
    servedNames.set(locale, names);
  }
  return names;
}
