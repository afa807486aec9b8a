// Plain values of photo verification both sides need (no zod): the poses, the states a member sees,
// the reasons a moderator may give. The schemas in lib/shared/schemas/verification.ts build on them.

/**
 * The poses a member may be asked to copy in the verification selfie, one picked at random per
 * request. Each has an illustration (`public/verification-poses/<pose with dashes>.svg`) and an
 * instruction in every language (`Verification.poses.<pose>`).
 */
export const VERIFICATION_POSES = [
  'peace_sign',
  'thumbs_up',
  'hand_on_cheek',
  'point_at_camera',
  'open_palm',
  'finger_on_chin',
] as const;
export type VerificationPose = (typeof VERIFICATION_POSES)[number];

/** Where the illustration of a pose is served (a file in `public/`). */
export const poseImagePath = (pose: VerificationPose): string =>
  `/verification-poses/${pose.replaceAll('_', '-')}.svg`;

/**
 * One verification request as stored: a pose given (`posing`), the selfie sent and waiting for a
 * moderator (`waiting`), then `approved` or `rejected`.
 */
export const VERIFICATION_STATUSES = ['posing', 'waiting', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/**
 * Why a moderator turns a selfie (or a new main photo at a re-check) down: the member reads it in
 * their language (`Verification.rejections.<reason>`) and may try again.
 */
export const VERIFICATION_REJECTIONS = [
  'pose_mismatch',
  'face_not_visible',
  'not_same_person',
  'photo_unclear',
  'not_live_photo',
] as const;
export type VerificationRejection = (typeof VERIFICATION_REJECTIONS)[number];

/**
 * Where a member's verification stands, as their profile editor shows it:
 * - `none`: never asked; `posing`: a pose was given, the selfie not yet sent;
 * - `waiting`: the selfie waits for a moderator;
 * - `verified`: the badge shows;
 * - `rejected`: the last selfie was turned down (with the reason); they may try again;
 * - `rechecking`: the main photo changed to one not checked against the selfie, so the badge is off
 *   until a moderator compares the two;
 * - `withdrawn`: the badge is off because the main photo was not checked (turned down at the
 *   re-check, with the reason, or no selfie left to compare with); a checked photo as main photo or
 *   a new selfie brings it back;
 * - `unavailable`: fictional profiles are never verified.
 */
export const VERIFICATION_STATES = [
  'none',
  'posing',
  'waiting',
  'verified',
  'rejected',
  'rechecking',
  'withdrawn',
  'unavailable',
] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/** Days a selfie is kept after the moderator's decision, then deleted (docs/retention.md). */
export const SELFIE_KEEP_DAYS = 30;

/** Selfies a member may send per hour (each is a full photo upload). */
export const SELFIES_PER_HOUR = 10;
