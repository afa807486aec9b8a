// Plain values of the API contract (no zod): what the browser needs of profile. The schemas in
// lib/shared/schemas/profile.ts build on them and re-export them, so server code may import either.

/** The choices of each profile field (spec §3 "Profile"); labels live under `ProfileOptions`. */
export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;
export const HAIR_COLORS = ['black', 'brown', 'blonde', 'red', 'grey', 'other'] as const;
export const EYE_COLORS = ['brown', 'blue', 'green', 'grey', 'hazel', 'other'] as const;
export const BODY_TYPES = ['slim', 'athletic', 'average', 'curvy', 'large'] as const;
export const RELATIONSHIP_STATUSES = ['single', 'divorced', 'widowed', 'in_relationship', 'married'] as const;
export const TATTOOS = ['none', 'some', 'many'] as const;

/** The most interests a member can pick. */
export const MAX_INTERESTS = 10;
