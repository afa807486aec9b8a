import 'server-only';
// Route modules are server-only through the kit they import (lib/server/api/kit/define-route.ts).
import { activateAccountRoute } from './routes/member/activate-account';
import { arrangePhotosRoute } from './routes/member/arrange-photos';
import { autoLikeRoute } from './routes/member/auto-like';
import { blockMemberRoute } from './routes/member/block-member';
import { changePasswordRoute } from './routes/member/change-password';
import { confirmMailChangeRoute } from './routes/member/confirm-mail-change';
import { deleteAccountRoute } from './routes/member/delete-account';
import { deletePhotoRoute } from './routes/member/delete-photo';
import { getCompanyInfoRoute } from './routes/member/get-company-info';
import { confirmDirectDebitRoute } from './routes/member/confirm-direct-debit';
import { getDiscountCodeRoute } from './routes/member/get-discount-code';
import { getTimeBonusRoute } from './routes/member/get-time-bonus';
import { startDirectDebitRoute } from './routes/member/start-direct-debit';
import { getMemberRoute } from './routes/member/get-member';
import { getOwnProfileRoute } from './routes/member/get-own-profile';
import { findMatchesRoute } from './routes/member/find-matches';
import { likeMemberRoute } from './routes/member/like-member';
import { listLikePageRoute } from './routes/member/list-like-page';
import { listLikesRoute } from './routes/member/list-likes';
import { listSignupMatchesRoute } from './routes/member/list-signup-matches';
import { getSettingsRoute } from './routes/member/get-settings';
import { getSwipeStackRoute } from './routes/member/get-swipe-stack';
import { getUserRoute } from './routes/member/get-user';
import { listBlockedMembersRoute } from './routes/member/list-blocked-members';
import { listDevOutboxRoute } from './routes/member/list-dev-outbox';
import { createDevOperatorRoute } from './routes/member/create-dev-operator';
import { simulateEmailStopRoute } from './routes/member/simulate-email-stop';
import { listGiftsRoute } from './routes/member/list-gifts';
import { listInterestsRoute } from './routes/member/list-interests';
import { listOwnPhotosRoute } from './routes/member/list-own-photos';
import { listRegionsRoute } from './routes/member/list-regions';
import { logInRoute } from './routes/member/log-in';
import { logOutLinkRoute } from './routes/member/log-out-link';
import { logOutRoute } from './routes/member/log-out';
import { reactivateAccountRoute } from './routes/member/reactivate-account';
import { recordPageHiddenRoute } from './routes/member/record-page-hidden';
import { recordFunnelEventRoute } from './routes/member/record-funnel-event';
import { followCamLinkRoute } from './routes/member/follow-cam-link';
import { registerPushSubscriptionRoute } from './routes/member/register-push-subscription';
import { removePushSubscriptionRoute } from './routes/member/remove-push-subscription';
import { dismissPushOfferRoute } from './routes/member/dismiss-push-offer';
import { requestMailChangeRoute } from './routes/member/request-mail-change';
import { requestPasswordResetRoute } from './routes/member/request-password-reset';
import { resetPasswordRoute } from './routes/member/reset-password';
import { reverseGeocodeRoute } from './routes/member/reverse-geocode';
import { searchGifsRoute } from './routes/member/search-gifs';
import { searchMembersRoute } from './routes/member/search-members';
import { sendActivationMailRoute } from './routes/member/send-activation-mail';
import { setMainPhotoRoute } from './routes/member/set-main-photo';
import { signUpRoute } from './routes/member/sign-up';
import { suggestIcebreakersRoute } from './routes/member/suggest-icebreakers';
import { streamEventsRoute } from './routes/member/stream-events';
import { swipeMemberRoute } from './routes/member/swipe-member';
import { submitComplaintRoute } from './routes/member/submit-complaint';
import { unblockMemberRoute } from './routes/member/unblock-member';
import { unlikeMemberRoute } from './routes/member/unlike-member';
import { updateOwnProfileRoute } from './routes/member/update-own-profile';
import { updateUserRoute } from './routes/member/update-user';
import { updateNotificationSettingsRoute } from './routes/member/update-notification-settings';
import { uploadPhotoRoute } from './routes/member/upload-photo';
import { getVerificationRoute } from './routes/member/get-verification';
import { startVerificationRoute } from './routes/member/start-verification';
import { sendVerificationSelfieRoute } from './routes/member/send-verification-selfie';
import { getVerificationSelfieRoute } from './routes/operator/get-verification-selfie';
import { getChatRoute } from './routes/member/get-chat';
import { getDataExportRoute } from './routes/member/get-data-export';
import { requestDataExportRoute } from './routes/member/request-data-export';
import { issueDataExportLinkRoute } from './routes/member/issue-data-export-link';
import { downloadDataExportRoute } from './routes/member/download-data-export';
import { getChatPhotoRoute } from './routes/member/get-chat-photo';
import { listChatsRoute } from './routes/member/list-chats';
import { markChatReadRoute } from './routes/member/mark-chat-read';
import { removeChatRoute } from './routes/member/remove-chat';
import { reportChatTypingRoute } from './routes/member/report-chat-typing';
import { sendChatMessageRoute } from './routes/member/send-chat-message';
import { sendChatPhotoRoute } from './routes/member/send-chat-photo';
import { listBundlesRoute } from './routes/member/list-bundles';
import { listPaymentMethodsRoute } from './routes/member/list-payment-methods';
import { startPaymentRoute } from './routes/member/start-payment';
import { getPaymentRoute } from './routes/member/get-payment';
import { listTransactionsRoute } from './routes/member/list-transactions';
import { getRepeatOrderRoute } from './routes/member/get-repeat-order';
import { startRepeatOrderRoute } from './routes/member/start-repeat-order';
import { getSandboxPaymentRoute } from './routes/member/get-sandbox-payment';
import { chooseSandboxOutcomeRoute } from './routes/member/choose-sandbox-outcome';
import { sandboxWebhookRoute } from './routes/webhook/sandbox-webhook';
import { mollieWebhookRoute } from './routes/webhook/mollie-webhook';
import { mailEventsRoute } from './routes/webhook/mail-events';
import { unsubscribeRoute } from './routes/webhook/unsubscribe';
import { unsubscribeLinkRoute } from './routes/webhook/unsubscribe-link';
import { getOperatorRoute } from './routes/operator/get-operator';
import { logInOperatorRoute } from './routes/operator/log-in-operator';
import { logOutOperatorRoute } from './routes/operator/log-out-operator';
import { getConversionReportRoute } from './routes/operator/get-conversion-report';
import { getSecondFactorEnrollmentRoute } from './routes/operator/get-second-factor-enrollment';
import { verifySecondFactorRoute } from './routes/operator/verify-second-factor';
import { updateOperatorLocaleRoute } from './routes/operator/update-operator-locale';
import { listAuditLogRoute } from './routes/operator/list-audit-log';
import { getDashboardRoute } from './routes/operator/get-dashboard';
import { listModerationQueueRoute } from './routes/operator/list-moderation-queue';
import { openModerationItemRoute } from './routes/operator/open-moderation-item';
import { decideModerationItemRoute } from './routes/operator/decide-moderation-item';
import { listOwnComplaintsRoute } from './routes/member/list-own-complaints';
import { listDeskQueueRoute } from './routes/operator/list-desk-queue';
import { claimDeskChatRoute } from './routes/operator/claim-desk-chat';
import { releaseDeskChatRoute } from './routes/operator/release-desk-chat';
import { getDeskChatRoute } from './routes/operator/get-desk-chat';
import { replyDeskChatRoute } from './routes/operator/reply-desk-chat';
import { findMembersRoute } from './routes/operator/find-members';
import { getMemberFileRoute } from './routes/operator/get-member-file';
import { correctCreditsRoute } from './routes/operator/correct-credits';
import { refundPaymentRoute } from './routes/operator/refund-payment';
import { resendActivationMailRoute } from './routes/operator/resend-activation-mail';
import { endMemberSessionsRoute } from './routes/operator/end-member-sessions';
import { deleteMemberAccountRoute } from './routes/operator/delete-member-account';
import { getSitesOverviewRoute } from './routes/operator/get-sites-overview';
import { updateSiteSettingsRoute } from './routes/operator/update-site-settings';
import { createBundleRoute } from './routes/operator/create-bundle';
import { updateBundleRoute } from './routes/operator/update-bundle';
import { createDiscountCodeRoute } from './routes/operator/create-discount-code';
import { updateDiscountCodeRoute } from './routes/operator/update-discount-code';
import { listCreditLedgerRoute } from './routes/member/list-credit-ledger';
import { listFictionalProfilesRoute } from './routes/operator/list-fictional-profiles';
import { createFictionalProfileRoute } from './routes/operator/create-fictional-profile';
import { getFictionalProfileRoute } from './routes/operator/get-fictional-profile';
import { updateFictionalProfileRoute } from './routes/operator/update-fictional-profile';
import { setFictionalStatusRoute } from './routes/operator/set-fictional-status';
import { setFictionalFlagRoute } from './routes/operator/set-fictional-flag';
import { uploadFictionalPhotoRoute } from './routes/operator/upload-fictional-photo';
import { arrangeFictionalPhotosRoute } from './routes/operator/arrange-fictional-photos';
import { setFictionalMainPhotoRoute } from './routes/operator/set-fictional-main-photo';
import { deleteFictionalPhotoRoute } from './routes/operator/delete-fictional-photo';
import { startPasskeySignInRoute } from './routes/member/start-passkey-sign-in';
import { logInWithPasskeyRoute } from './routes/member/log-in-with-passkey';
import { listPasskeysRoute } from './routes/member/list-passkeys';
import { startPasskeyRegistrationRoute } from './routes/member/start-passkey-registration';
import { addPasskeyRoute } from './routes/member/add-passkey';
import { renamePasskeyRoute } from './routes/member/rename-passkey';
import { removePasskeyRoute } from './routes/member/remove-passkey';
import { startPasskeyConfirmationRoute } from './routes/member/start-passkey-confirmation';
import { confirmSignInRoute } from './routes/member/confirm-sign-in';
import { listOperatorPasskeysRoute } from './routes/operator/list-operator-passkeys';
import { startOperatorPasskeyRegistrationRoute } from './routes/operator/start-operator-passkey-registration';
import { addOperatorPasskeyRoute } from './routes/operator/add-operator-passkey';
import { removeOperatorPasskeyRoute } from './routes/operator/remove-operator-passkey';
import { startPasskeySecondFactorRoute } from './routes/operator/start-passkey-second-factor';
import { verifyPasskeySecondFactorRoute } from './routes/operator/verify-passkey-second-factor';
import type { Route } from './kit/define-route';
import type { RouteGroup } from './kit/mount-routes';

/** Every route of the API by group: the app mounts them, the API document and the registry tests read them. */
export const ROUTES: Record<RouteGroup, readonly Route[]> = {
  member: [
    activateAccountRoute,
    arrangePhotosRoute,
    autoLikeRoute,
    blockMemberRoute,
    changePasswordRoute,
    confirmMailChangeRoute,
    deleteAccountRoute,
    deletePhotoRoute,
    getCompanyInfoRoute,
    getMemberRoute,
    getOwnProfileRoute,
    getSettingsRoute,
    getSwipeStackRoute,
    findMatchesRoute,
    getUserRoute,
    likeMemberRoute,
    listBlockedMembersRoute,
    listDevOutboxRoute,
    listGiftsRoute,
    listInterestsRoute,
    listLikePageRoute,
    listLikesRoute,
    listOwnPhotosRoute,
    listRegionsRoute,
    listSignupMatchesRoute,
    logInRoute,
    logOutLinkRoute,
    logOutRoute,
    reactivateAccountRoute,
    recordPageHiddenRoute,
    requestMailChangeRoute,
    requestPasswordResetRoute,
    resetPasswordRoute,
    reverseGeocodeRoute,
    searchGifsRoute,
    searchMembersRoute,
    sendActivationMailRoute,
    setMainPhotoRoute,
    signUpRoute,
    streamEventsRoute,
    submitComplaintRoute,
    listOwnComplaintsRoute,
    suggestIcebreakersRoute,
    swipeMemberRoute,
    unblockMemberRoute,
    unlikeMemberRoute,
    updateOwnProfileRoute,
    updateUserRoute,
    uploadPhotoRoute,
    // Photo verification: a pose, the selfie copying it (private), the state and the badge.
    getVerificationRoute,
    startVerificationRoute,
    sendVerificationSelfieRoute,
    // Notification choices per kind and channel (spec §1 notifications page, §8).
    updateNotificationSettingsRoute,
    simulateEmailStopRoute,
    createDevOperatorRoute,
    // The chat (spec §4, §7).
    listChatsRoute,
    getChatRoute,
    sendChatMessageRoute,
    removeChatRoute,
    sendChatPhotoRoute,
    getChatPhotoRoute,
    markChatReadRoute,
    reportChatTypingRoute,
    // Money (spec §1, §4, §5): bundles, payments, repeat orders, the sandbox provider's checkout.
    listBundlesRoute,
    listPaymentMethodsRoute,
    startPaymentRoute,
    getPaymentRoute,
    listTransactionsRoute,
    listCreditLedgerRoute,
    getRepeatOrderRoute,
    startRepeatOrderRoute,
    getSandboxPaymentRoute,
    chooseSandboxOutcomeRoute,
    // Discount codes, the time bonus and direct debit (spec §3, §4, §5).
    getDiscountCodeRoute,
    getTimeBonusRoute,
    startDirectDebitRoute,
    confirmDirectDebitRoute,
    // Web push (spec §7): POST /api/user.php?push=1 registers, DELETE with the flag removes.
    registerPushSubscriptionRoute,
    removePushSubscriptionRoute,
    // The suggestion to turn push on, once closed, stays closed on every device of the member.
    dismissPushOfferRoute,
    // The acquisition funnel (signup started) and promoted partner cams (spec §1).
    recordFunnelEventRoute,
    followCamLinkRoute,
    // A copy of all the member's data (GDPR art. 15 and 20): asked for, prepared by a job, downloaded once.
    getDataExportRoute,
    requestDataExportRoute,
    issueDataExportLinkRoute,
    downloadDataExportRoute,
    // Passkeys: signing in without a password, and the member's passkeys in the settings.
    startPasskeySignInRoute,
    logInWithPasskeyRoute,
    listPasskeysRoute,
    startPasskeyRegistrationRoute,
    addPasskeyRoute,
    renamePasskeyRoute,
    removePasskeyRoute,
    startPasskeyConfirmationRoute,
    confirmSignInRoute,
  ],
  // Payment providers' notifications: only the payment id, re-fetched from the provider.
  // Mail: one-click unsubscribe (a signed token), bounce and complaint reports (a signed body).
  webhook: [sandboxWebhookRoute, mollieWebhookRoute, unsubscribeRoute, unsubscribeLinkRoute, mailEventsRoute],
  operator: [
    getOperatorRoute,
    logInOperatorRoute,
    logOutOperatorRoute,
    getSecondFactorEnrollmentRoute,
    verifySecondFactorRoute,
    // A passkey as the console's second factor, and the operator's own passkeys.
    startPasskeySecondFactorRoute,
    verifyPasskeySecondFactorRoute,
    listOperatorPasskeysRoute,
    startOperatorPasskeyRegistrationRoute,
    addOperatorPasskeyRoute,
    removeOperatorPasskeyRoute,
    updateOperatorLocaleRoute,
    listAuditLogRoute,
    getDashboardRoute,
    listDeskQueueRoute,
    claimDeskChatRoute,
    releaseDeskChatRoute,
    getDeskChatRoute,
    replyDeskChatRoute,
    getConversionReportRoute,
    // Customer service (members, credits, refunds, account actions).
    findMembersRoute,
    getMemberFileRoute,
    correctCreditsRoute,
    refundPaymentRoute,
    resendActivationMailRoute,
    endMemberSessionsRoute,
    deleteMemberAccountRoute,
    // Sites and settings, bundles and discount codes (administrators).
    getSitesOverviewRoute,
    updateSiteSettingsRoute,
    createBundleRoute,
    updateBundleRoute,
    createDiscountCodeRoute,
    updateDiscountCodeRoute,
    // Fictional profiles (chat operators; the fictional flag itself is the admins').
    listFictionalProfilesRoute,
    createFictionalProfileRoute,
    getFictionalProfileRoute,
    updateFictionalProfileRoute,
    setFictionalStatusRoute,
    setFictionalFlagRoute,
    uploadFictionalPhotoRoute,
    arrangeFictionalPhotosRoute,
    setFictionalMainPhotoRoute,
    deleteFictionalPhotoRoute,
    // Moderation (complaints and photos): the queue, opening an item, deciding it.
    listModerationQueueRoute,
    openModerationItemRoute,
    decideModerationItemRoute,
    // The verification selfie, streamed to moderators only.
    getVerificationSelfieRoute,
  ],
};

/** Every route, for the registry tests. */
export const ALL_ROUTES: readonly Route[] = Object.values(ROUTES).flat();
