import { z } from 'zod';
import { COMPLAINT_REASONS } from '../values/complaints';
import {
  COMPLAINT_STATUSES,
  MODERATION_ACTIONS,
  MODERATION_ITEM_KINDS,
  MODERATION_ITEM_STATES,
  MODERATION_REASON_LENGTH,
  MODERATION_VIOLATIONS,
  SUSPENSION_DAYS,
} from '../values/moderation';
import { RowIdSchema } from './ids';
import { VERIFICATION_REJECTIONS } from '../values/verification';
import { ModeratedVerificationSchema } from './verification';

export * from '../values/moderation';

/** A member as the moderation console names them. */
export const ModeratedMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The profile's state: active, disabled (unconfirmed), deleted, suspended or banned. */
  status: z.enum(['disabled', 'active', 'deleted', 'suspended', 'banned']),
  suspendedUntil: z.string().nullable(),
});
export type ModeratedMember = z.infer<typeof ModeratedMemberSchema>;

/** A photo as a moderator sees it: file names under the site's cdn_prefix, and its state. */
export const ModeratedPhotoSchema = z.object({
  id: z.number().int(),
  /** The photo and its thumbnail, as addresses under the site's photo prefix. */
  url: z.string(),
  thumbUrl: z.string(),
  filename: z.string(),
  thumbFilename: z.string(),
  status: z.enum(['active', 'pending', 'rejected']),
  isMain: z.boolean(),
  /** Checked against the member's verification selfie. */
  isVerified: z.boolean(),
  createdAt: z.string(),
});
export type ModeratedPhoto = z.infer<typeof ModeratedPhotoSchema>;

/** The complaint an item stands for. */
export const ModeratedComplaintSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  reason: z.enum(COMPLAINT_REASONS),
  text: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  conversationRef: z.string().nullable(),
  /** The reporter: a member (id and name) or a visitor (their address only). */
  reporter: z.object({ id: z.number().int().nullable(), name: z.string().nullable(), email: z.string() }),
  createdAt: z.string(),
});

/** One row of the queue, oldest first. */
export const ModerationQueueItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MODERATION_ITEM_KINDS),
  state: z.enum(MODERATION_ITEM_STATES),
  createdAt: z.string(),
  member: ModeratedMemberSchema.nullable(),
  /** For complaints: the reason and the start of the text. */
  complaint: z.object({ reason: z.enum(COMPLAINT_REASONS), excerpt: z.string() }).nullable(),
  /** For photos: the photo; for re-checks: the new main photo to compare with the selfie. */
  photo: ModeratedPhotoSchema.nullable(),
  /** For verifications and re-checks: the request, with the pose and the selfie's address. */
  verification: ModeratedVerificationSchema.nullable(),
  /** The moderator who opened it, while in review. */
  claimedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ModerationQueueItem = z.infer<typeof ModerationQueueItemSchema>;

/** `GET /api/operator/moderation.php`: what waits, oldest first. */
export const ModerationQueueSchema = z.object({
  items: z.array(ModerationQueueItemSchema),
  /** Everything waiting or in review (the list shows at most `items.length`). */
  total: z.number().int(),
});
export type ModerationQueue = z.infer<typeof ModerationQueueSchema>;

export const ModerationQueueQuerySchema = z
  .object({ kind: z.enum(MODERATION_ITEM_KINDS).optional() })
  .strict();

/** A decision as the console shows it in the item's history. */
export const ModerationDecisionSchema = z.object({
  id: z.number().int(),
  action: z.enum(MODERATION_ACTIONS),
  violation: z.enum(MODERATION_VIOLATIONS).nullable(),
  reason: z.string().nullable(),
  /** Why a verification or re-check was turned down. */
  verificationRejection: z.enum(VERIFICATION_REJECTIONS).nullable(),
  suspendedUntil: z.string().nullable(),
  operator: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: z.string(),
});
export type ModerationDecision = z.infer<typeof ModerationDecisionSchema>;

/** A line of the conversation a complaint names. */
export const ConversationLineSchema = z.object({
  id: z.number().int(),
  senderId: z.number().int(),
  kind: z.string(),
  text: z.string().nullable(),
  createdAt: z.string(),
});

/** `POST /api/operator/moderation-item.php`: an item opened for review, with what it needs to decide. */
export const ModerationItemDetailSchema = ModerationQueueItemSchema.extend({
  complaintDetail: ModeratedComplaintSchema.nullable(),
  /** The member's photos, all of them, whatever their state. */
  photos: z.array(ModeratedPhotoSchema),
  /** The member's profile: the fields a moderator reads. */
  profile: z
    .object({
      /** A fictional profile is never verified. */
      fictional: z.boolean(),
      verified: z.boolean(),
      age: z.number().int().nullable(),
      country: z.string(),
      city: z.string().nullable(),
      gender: z.string().nullable(),
      signupMessage: z.string().nullable(),
      email: z.string().nullable(),
      createdAt: z.string(),
    })
    .nullable(),
  /** Other complaints about the same member, newest first. */
  recentComplaints: z.array(
    z.object({
      id: z.number().int(),
      reference: z.string(),
      reason: z.enum(COMPLAINT_REASONS),
      status: z.enum(COMPLAINT_STATUSES),
      excerpt: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** Earlier decisions about the member, newest first. */
  decisions: z.array(ModerationDecisionSchema),
  /** The last lines of the conversation the complaint names, oldest first (reporter and member only). */
  conversation: z.array(ConversationLineSchema).nullable(),
});
export type ModerationItemDetail = z.infer<typeof ModerationItemDetailSchema>;

export const ModerationItemOpenSchema = z.object({ id: RowIdSchema }).strict();

/** `POST /api/operator/moderation-decision.php`: a moderator's decision on an item. */
export const ModerationDecisionInputSchema = z
  .object({
    item: RowIdSchema,
    action: z.enum(MODERATION_ACTIONS),
    /** What the member broke; needed for every action against them. */
    violation: z.enum(MODERATION_VIOLATIONS).optional(),
    reason: z.string().trim().max(MODERATION_REASON_LENGTH.max).optional(),
    /** The length of a suspension. */
    days: z.number().int().min(SUSPENSION_DAYS.min).max(SUSPENSION_DAYS.max).optional(),
    /** The photo to hide, on a complaint (a photo item hides its own photo). */
    photo: RowIdSchema.optional(),
    /** Why a verification or re-check is turned down (required to reject one). */
    rejection: z.enum(VERIFICATION_REJECTIONS).optional(),
  })
  .strict();
export type ModerationDecisionInput = z.infer<typeof ModerationDecisionInputSchema>;

/** The answer to a decision: the item as decided. */
export const ModerationDecidedSchema = z.object({
  item: z.number().int(),
  decision: ModerationDecisionSchema,
});
export type ModerationDecided = z.infer<typeof ModerationDecidedSchema>;

/** One of the member's own complaints, as their settings list it. */
export const OwnComplaintSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  created_at: z.string(),
  reason: z.enum(COMPLAINT_REASONS),
  /** The member reported, by name (null: no member, the service; or a member whose data is gone). */
  member: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  /** Whether the complaint names a conversation. */
  has_conversation: z.boolean(),
  status: z.enum(COMPLAINT_STATUSES),
  status_changed_at: z.string(),
});
export type OwnComplaint = z.infer<typeof OwnComplaintSchema>;

/** `GET /api/complaints.php`: the member's complaints, newest first. */
export const OwnComplaintsSchema = z.object({ complaints: z.array(OwnComplaintSchema) });
export type OwnComplaints = z.infer<typeof OwnComplaintsSchema>;
