// Plain values of moderation both sides need: the reporter's view of a complaint and the operator's
// decisions. The zod schemas in lib/shared/schemas/moderation.ts build on them.

/**
 * Where a complaint stands, as its reporter sees it: received, in review once a moderator opened it,
 * then action taken or no action.
 */
export const COMPLAINT_STATUSES = ['received', 'in_review', 'action_taken', 'no_action'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/**
 * What waits in the moderation queue: a complaint, a new photo to look at, a member's verification
 * selfie to compare with their photos, or a verified member's new main photo to compare with their
 * selfie (a re-check).
 */
export const MODERATION_ITEM_KINDS = ['complaint', 'photo', 'verification', 'verification_recheck'] as const;
export type ModerationItemKind = (typeof MODERATION_ITEM_KINDS)[number];

/** An item's place in the queue: waiting, opened by a moderator, decided. */
export const MODERATION_ITEM_STATES = ['waiting', 'in_review', 'decided'] as const;
export type ModerationItemState = (typeof MODERATION_ITEM_STATES)[number];

/**
 * What a moderator may decide: no action, a warning by e-mail, hiding a photo, a suspension for some
 * days, a permanent ban, approving a photo; on a verification or re-check, approving it (the badge)
 * or rejecting it with one of the fixed reasons.
 */
export const MODERATION_ACTIONS = [
  'dismiss',
  'warn',
  'hide_photo',
  'suspend',
  'ban',
  'approve_photo',
  'approve_verification',
  'reject_verification',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * Decisions that need no written reason: letting things be, approving; a rejected verification
 * names one of the fixed reasons instead (the member reads it in their language).
 */
export const ACTIONS_WITHOUT_REASON: readonly ModerationAction[] = [
  'dismiss',
  'approve_photo',
  'approve_verification',
  'reject_verification',
];

/** Decisions that act against the member: their complaint's reporter is told action was taken. */
export const ACTIONS_TAKEN: readonly ModerationAction[] = ['warn', 'hide_photo', 'suspend', 'ban'];

/** What a member broke, named to them in their own language in the warning mail. */
export const MODERATION_VIOLATIONS = [
  'fake_profile',
  'harassment',
  'scam_or_spam',
  'inappropriate_photos',
  'underage',
  'other',
] as const;
export type ModerationViolation = (typeof MODERATION_VIOLATIONS)[number];

/** Length of a decision's reason, in characters after trimming. */
export const MODERATION_REASON_LENGTH = { min: 3, max: 1000 } as const;

/** How long a suspension may last, in days. */
export const SUSPENSION_DAYS = { min: 1, max: 365 } as const;
