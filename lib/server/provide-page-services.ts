import 'server-only';
import { getUserOrThrow } from './auth/get-user';
import { findSessionUser } from './auth/sessions';
import { promotedCams } from './cams/promoted-cams';
import { getCompanyInfoOrThrow } from './company/get-company-info';
import { getMemberPublicName } from './complaints/get-member-public-name';
import { isStaticPageSlug, loadStaticPage } from './content/static-pages';
import { memberOffers } from './discounts/member-offers';
import { env } from './env';
import { listOutbox } from './mail/list-outbox';
import { mailConfig } from './mail/mail-config';
import { listSmsOutbox } from './sms/list-sms-outbox';
import { getUnsubscribeRequest } from './notifications/get-unsubscribe-request';
import { defaultSearchFilters } from './members/default-filters';
import { featuredMembers } from './members/featured-members';
import { getSwipeStack } from './likes/get-swipe-stack';
import { findMatches, findSignupMatches } from './members/match-finder';
import { recordFunnelEvent } from './landers/funnel';
import { landerAudience } from './landers/lander-members';
import { landerVideo } from './landers/lander-video';
import { getLikesState } from './likes/likes-state';
import { listLikes } from './likes/list-likes';
import { getMemberForPage } from './members/get-member-for-page';
import { readFreshAfter } from './members/viewer-caches';
import { getOwnProfileOrThrow } from './members/get-own-profile';
import { listOwnPhotos } from './photos/list-own-photos';
import { hasTrafficSource, maySearch } from './members/search-access';
import { searchMembers } from './members/search-members';
import { setPageServices } from './pages/page-services';
import { cachedInterests, cachedRegions } from './reference/cached-reference';
import { limitMemberPages } from './security/limit-member-pages';
import { getDomainLanguage, getSettings } from './settings/get-settings';
import { getVerificationState } from './verification/get-verification-state';

/** Hands the pages this process's copy of the server functions they use (see page-services.ts). */
export function providePageServices(): void {
  setPageServices({
    env,
    getSettings,
    getDomainLanguage,
    getCompanyInfoOrThrow,
    findSessionUser,
    readFreshAfter,
    getUserOrThrow,
    getMemberForPage,
    featuredMembers,
    listLikes,
    getLikesState,
    getSwipeStack,
    getMemberPublicName,
    defaultSearchFilters,
    maySearch,
    searchMembers,
    hasTrafficSource,
    isStaticPageSlug,
    loadStaticPage,
    listOutbox,
    listSmsOutbox,
    mailConfig,
    limitMemberPages,
    cachedRegions,
    cachedInterests,
    getOwnProfileOrThrow,
    listOwnPhotos,
    getVerificationState,
    findMatches,
    findSignupMatches,
    getUnsubscribeRequest,
    landerAudience,
    landerVideo,
    recordFunnelEvent,
    promotedCams,
    memberOffers,
  });
}
