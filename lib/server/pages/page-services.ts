// No 'server-only' mark: the landers' getServerSideProps (Pages Router) use this too, and the mark
// is for the App Router alone. Pages import types only from the domain; the object is the server's.
import type { findSessionUser } from '../auth/sessions';
import type { readFreshAfter } from '../members/viewer-caches';
import type { promotedCams } from '../cams/promoted-cams';
import type { getUserOrThrow } from '../auth/get-user';
import type { getCompanyInfoOrThrow } from '../company/get-company-info';
import type { getMemberPublicName } from '../complaints/get-member-public-name';
import type { isStaticPageSlug, loadStaticPage } from '../content/static-pages';
import type { memberOffers } from '../discounts/member-offers';
import type { env } from '../env';
import type { recordFunnelEvent } from '../landers/funnel';
import type { landerAudience } from '../landers/lander-members';
import type { landerVideo } from '../landers/lander-video';
import type { getLikesState } from '../likes/likes-state';
import type { getSwipeStack } from '../likes/get-swipe-stack';
import type { listLikes } from '../likes/list-likes';
import type { listOutbox } from '../mail/list-outbox';
import type { mailConfig } from '../mail/mail-config';
import type { listSmsOutbox } from '../sms/list-sms-outbox';
import type { getUnsubscribeRequest } from '../notifications/get-unsubscribe-request';
import type { defaultSearchFilters } from '../members/default-filters';
import type { featuredMembers } from '../members/featured-members';
import type { findMatches, findSignupMatches } from '../members/match-finder';
import type { getMemberForPage } from '../members/get-member-for-page';
import type { getOwnProfileOrThrow } from '../members/get-own-profile';
import type { listOwnPhotos } from '../photos/list-own-photos';
import type { getVerificationState } from '../verification/get-verification-state';
import type { hasTrafficSource, maySearch } from '../members/search-access';
import type { searchMembers } from '../members/search-members';
import type { cachedInterests, cachedRegions } from '../reference/cached-reference';
import type { limitMemberPages } from '../security/limit-member-pages';
import type { getDomainLanguage, getSettings } from '../settings/get-settings';

/**
 * The server functions pages use. Pages (and proxy.ts) are bundled by Next, the API and everything
 * else by the server build; so that the process holds one copy of each server module — one
 * database client, one set of caches, limits and hooks — pages reach the domain only through this
 * object, which the server hands over at start (provide-page-services.ts). Pages import types only.
 */
export interface PageServices {
  env: typeof env;
  getSettings: typeof getSettings;
  getDomainLanguage: typeof getDomainLanguage;
  getCompanyInfoOrThrow: typeof getCompanyInfoOrThrow;
  findSessionUser: typeof findSessionUser;
  readFreshAfter: typeof readFreshAfter;
  getUserOrThrow: typeof getUserOrThrow;
  getMemberForPage: typeof getMemberForPage;
  featuredMembers: typeof featuredMembers;
  getMemberPublicName: typeof getMemberPublicName;
  defaultSearchFilters: typeof defaultSearchFilters;
  maySearch: typeof maySearch;
  searchMembers: typeof searchMembers;
  hasTrafficSource: typeof hasTrafficSource;
  isStaticPageSlug: typeof isStaticPageSlug;
  loadStaticPage: typeof loadStaticPage;
  listOutbox: typeof listOutbox;
  listSmsOutbox: typeof listSmsOutbox;
  mailConfig: typeof mailConfig;
  limitMemberPages: typeof limitMemberPages;
  cachedRegions: typeof cachedRegions;
  cachedInterests: typeof cachedInterests;
  getOwnProfileOrThrow: typeof getOwnProfileOrThrow;
  listOwnPhotos: typeof listOwnPhotos;
  getVerificationState: typeof getVerificationState;
  listLikes: typeof listLikes;
  getLikesState: typeof getLikesState;
  getSwipeStack: typeof getSwipeStack;
  findMatches: typeof findMatches;
  findSignupMatches: typeof findSignupMatches;
  getUnsubscribeRequest: typeof getUnsubscribeRequest;
  landerAudience: typeof landerAudience;
  landerVideo: typeof landerVideo;
  recordFunnelEvent: typeof recordFunnelEvent;
  promotedCams: typeof promotedCams;
  memberOffers: typeof memberOffers;
}

const KEY = Symbol.for('lovelane.page-services');
type Holder = { [KEY]?: PageServices };

/** Called once by the process before it serves pages. */
export function setPageServices(services: PageServices): void {
  (globalThis as Holder)[KEY] = services;
}

/** The server functions for pages; fails loudly when the process did not provide them. */
export function pageServices(): PageServices {
  const services = (globalThis as Holder)[KEY];
  if (!services) {
    throw new Error(
      'Page services are missing: pages must be served by server.ts (npm start or npm run dev).',
    );
  }
  return services;
}
