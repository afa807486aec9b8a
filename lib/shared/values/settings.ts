/** How signups are admitted: everybody, only visitors from a tracked traffic source, or invite only. */
export const SIGNUP_MODES = ['all', 'with_trafficsource', 'invite_only'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];
