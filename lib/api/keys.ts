// Every React Query key of the app, in one place: queries read through them, and mutations say
// through them which cached data they change (lib/api/*.ts). A key names server data, never UI state.
import type { LikeListType } from '@/lib/shared/schemas/likes';
import type { MatchAnswers } from '@/lib/shared/schemas/match-finder';
import type { SearchFilters } from '@/lib/shared/schemas/members';

/** A point as the browser reports it. */
export interface GeoPoint {
  lat: number;
  lon: number;
}

/** About 100 m: the server rounds the same way, so nearby positions share one answer. */
export const roundCoordinate = (value: number) => Math.round(value * 1_000) / 1_000;
const round = roundCoordinate;

export const accountKeys = {
  changePassword: ['account', 'password'] as const,
  mailChange: ['account', 'mail-change'] as const,
  mailChangeConfirm: ['account', 'mail-change-do'] as const,
  deletion: ['account', 'deletion'] as const,
};

/** The member's copy of their data (`/api/data-export.php`), and asking for it or for its link. */
export const dataExportKeys = {
  state: ['data-export'] as const,
  request: ['data-export', 'request'] as const,
  link: ['data-export', 'link'] as const,
};

export const authKeys = {
  login: ['auth', 'login'] as const,
  signup: ['auth', 'signup'] as const,
  activationMail: ['auth', 'activation-mail'] as const,
  passwordResetRequest: ['auth', 'password-reset'] as const,
  passwordReset: ['auth', 'password-reset-do'] as const,
};

/** The member's passkeys (`/api/passkeys.php`), and the calls that change them or sign in with one. */
export const passkeyKeys = {
  list: ['passkeys'] as const,
  add: ['passkeys', 'add'] as const,
  rename: ['passkeys', 'rename'] as const,
  remove: ['passkeys', 'remove'] as const,
  confirm: ['passkeys', 'confirm'] as const,
  login: ['auth', 'passkey-login'] as const,
};

export const blockKeys = {
  blocked: ['blocks'] as const,
  block: ['blocks', 'block'] as const,
  unblock: ['blocks', 'unblock'] as const,
};

export const chatKeys = {
  /** The chat list (`GET /api/chats.php`), with the total of unread messages. */
  chats: ['chats'] as const,
  /** Every open conversation; one is found by its data (conversation id or the other member's id). */
  all: ['chat'] as const,
  byConversation: (conversation: number) => ['chat', 'conversation', conversation] as const,
  byMember: (member: number) => ['chat', 'member', member] as const,
};

export const complaintKeys = { submit: ['complaint'] as const, own: ['complaints', 'own'] as const };

export const geocodeKeys = {
  point: (point: GeoPoint) => ['geocode', round(point.lat), round(point.lon)] as const,
};

export const likeKeys = {
  /** The viewer's likes; every list below starts with it, so invalidating it reloads them too. */
  likes: ['likes'] as const,
  list: (type: LikeListType) => ['likes', 'list', type] as const,
  like: ['likes', 'like'] as const,
  unlike: ['likes', 'unlike'] as const,
};

export const swipeKeys = {
  /** Every swipe stack (all members, and verified members only), page by page as the game tops it up. */
  stack: ['swipe'] as const,
  /** The stack of the game's filter: everyone, or photo-verified members only. */
  deck: (isVerifiedOnly: boolean) => ['swipe', isVerifiedOnly ? 'verified' : 'all'] as const,
  swipe: ['swipe', 'play'] as const,
};

export const memberKeys = {
  member: (id: number) => ['member', id] as const,
  /** Every search: invalidated when who may be seen changes (a block, an unblock). */
  searches: ['member-search'] as const,
  search: (filters: SearchFilters) => ['member-search', filters] as const,
};

/** Match lists start with the searches' key: a block or unblock reloads them too. */
export const matchKeys = {
  /** A list for these answers; null: for the answers the member's profile suggests. */
  finder: (answers: MatchAnswers | null) => ['member-search', 'match-finder', answers ?? 'profile'] as const,
  signup: ['member-search', 'signup-matches'] as const,
};

/** The member's notification choices (lib/api/notifications.ts); they live on the member (`queryKeys.user`). */
export const notificationKeys = {
  update: ['notifications', 'update'] as const,
};

export const photoKeys = {
  photos: ['photos'] as const,
  upload: ['photos', 'upload'] as const,
  makeMain: ['photos', 'main'] as const,
  arrange: ['photos', 'order'] as const,
  remove: ['photos', 'delete'] as const,
};

/** The member's photo verification (`/api/verification.php`), asking for a pose and sending the selfie. */
export const verificationKeys = {
  state: ['verification'] as const,
  start: ['verification', 'start'] as const,
  selfie: ['verification', 'selfie'] as const,
};

export const profileKeys = {
  profile: ['profile'] as const,
  update: ['profile', 'update'] as const,
};

export const queryKeys = {
  settings: ['settings'] as const,
  companyInfo: ['companyinfo'] as const,
  regions: ['regions'] as const,
  /** One country's regions, as a page brings them before the whole list is needed. */
  countryRegions: (country: string) => ['regions', 'country', country] as const,
  interests: ['interests'] as const,
  user: ['user'] as const,
};

/** The chat's extras (lib/api/chat-extras.ts): the gift catalogue, GIF searches, openers for a first message. */
export const giftKeys = {
  gifts: ['gifts'] as const,
  send: ['gifts', 'send'] as const,
};
export const gifKeys = {
  search: (query: string) => ['gifs', query] as const,
};
export const icebreakerKeys = {
  member: (member: number) => ['icebreakers', member] as const,
};

export const discountKeys = {
  /** The welcome code (`discountcode.php?welcome=true`) of the logged-in member. */
  welcome: ['discounts', 'welcome'] as const,
  /** The time bonus (`timebonus.php`) of the logged-in member. */
  timeBonus: ['discounts', 'time-bonus'] as const,
};

export const directDebitKeys = {
  start: ['direct-debit', 'start'] as const,
  confirm: ['direct-debit', 'confirm'] as const,
};

/** Money (lib/api/payments.ts): bundles, methods, the member's payments, repeat orders, discount codes. */
export const paymentKeys = {
  /** The bundles of a payment country; null: the country the server picks (remembered, else the visitor's). */
  bundles: (country: string | null) => ['bundles', country ?? 'default'] as const,
  methods: (country: string, bundle: number) => ['payment-methods', country, bundle] as const,
  /** Every payment of the member; the list and each payment start with it. */
  all: ['payments'] as const,
  list: ['payments', 'list'] as const,
  /** The member's credit history (every change of the credits). */
  ledger: ['payments', 'ledger'] as const,
  payment: (id: number) => ['payments', 'one', id] as const,
  start: ['payments', 'start'] as const,
  repeatOrder: ['repeat-order'] as const,
  buyAgain: ['repeat-order', 'buy'] as const,
  discountCode: (code: string, country: string, bundle: number, method: string | null) =>
    ['discount-code', code, country, bundle, method ?? ''] as const,
  sandbox: (id: string) => ['sandbox-payment', id] as const,
  sandboxOutcome: ['sandbox-payment', 'outcome'] as const,
};
