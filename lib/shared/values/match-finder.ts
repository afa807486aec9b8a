// Plain values of the API contract (no zod): what the browser needs of the match-finder and the
// signup matches. lib/shared/schemas/match-finder.ts builds on them and re-exports them.

/** Whom the member looks for: women, men or both. */
export const MATCH_WHO = ['female', 'male', 'both'] as const;
export type MatchWho = (typeof MATCH_WHO)[number];

/** How far away matches may live, in km; `anywhere` looks in every served country. */
export const MATCH_DISTANCES = ['10', '25', '50', '100', 'anywhere'] as const;
export type MatchDistance = (typeof MATCH_DISTANCES)[number];

/** How many interests the match-finder may be asked about at once. */
export const MATCH_MAX_INTERESTS = 20;

/** Members the match-finder lists, best fit first. */
export const MATCH_RESULTS = 24;

/** Members the signup matches page offers. */
export const SIGNUP_MATCHES = 12;

/** Where signup ends: the members who fit the new member's answers. */
export const SIGNUP_MATCHES_PATH = '/signup-matches';

/** Where a member goes on from the signup matches. */
export const AFTER_SIGNUP_MATCHES_PATH = '/members';
