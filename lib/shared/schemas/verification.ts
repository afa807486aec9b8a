import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../values/photos';
import {
  VERIFICATION_POSES,
  VERIFICATION_REJECTIONS,
  VERIFICATION_STATES,
  VERIFICATION_STATUSES,
} from '../values/verification';
import { RowIdParamSchema } from './ids';

export * from '../values/verification';

/**
 * `GET /api/verification.php` (and the answer of every step): where the member's photo verification
 * stands, as their profile editor shows it. The selfie itself is never part of it: members, the
 * owner included, get no address of it.
 */
export const VerificationStateSchema = z.object({
  state: z.enum(VERIFICATION_STATES),
  /** The pose to copy (posing) or copied (waiting); null otherwise. */
  pose: z.enum(VERIFICATION_POSES).nullable(),
  /** Why the selfie (rejected) or the new main photo (withdrawn after a re-check) was turned down. */
  reason: z.enum(VERIFICATION_REJECTIONS).nullable(),
  /** When the selfie was sent (waiting) or the last decision made (verified, rejected, withdrawn). */
  since: z.string().nullable(),
  /** Whether the member may ask for a (new) verification now. */
  can_request: z.boolean(),
  /** Whether the member has a photo others can see: the selfie is compared with it. */
  has_photo: z.boolean(),
});
export type VerificationStateView = z.infer<typeof VerificationStateSchema>;

/** `POST /api/verification.php`: ask for a verification; the answer names the pose to copy. */
export const VerificationStartSchema = z.object({}).strict();

/** `POST /api/verification-selfie.php` (multipart): the selfie copying the pose. */
export const SELFIE_MAX_BYTES = MAX_UPLOAD_BYTES;

/** `GET /api/operator/verification-selfie.php?id=`: a request's selfie, for moderators. */
export const VerificationSelfieQuerySchema = z
  .object({ id: RowIdParamSchema.meta({ description: 'The verification request’s id' }) })
  .strict();

/** A verification request as a moderator sees it in the queue. */
export const ModeratedVerificationSchema = z.object({
  id: z.number().int(),
  pose: z.enum(VERIFICATION_POSES),
  status: z.enum(VERIFICATION_STATUSES),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The operator-only address of the selfie (null once it was deleted). */
  selfieUrl: z.string().nullable(),
});
export type ModeratedVerification = z.infer<typeof ModeratedVerificationSchema>;
