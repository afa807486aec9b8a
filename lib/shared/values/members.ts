// Plain values of the API contract (no zod): what the browser needs of members. The schemas in
// lib/shared/schemas/members.ts build on them and re-export them, so server code may import either.

/** Results per page of `GET /api/members.php`. */
export const SEARCH_PAGE_SIZE = 24;
/** Below this many results on the first page, similar results from relaxed filters are added. */
export const SIMILAR_RESULTS_BELOW = 12;
/** The deepest page a search may ask for. */
export const MAX_SEARCH_PAGE = 100;
/** Matches are counted up to this many; the page says "1000+" beyond. */
export const SEARCH_COUNT_CAP = 1000;
/** Search age bounds. */
export const SEARCH_MIN_AGE = 18;
export const SEARCH_MAX_AGE = 99;

/** An age range may not run backwards (checked by the search form and the server alike). */
export const isAgeRangeValid = (filters: { min_age?: number; max_age?: number }): boolean =>
  filters.min_age === undefined || filters.max_age === undefined || filters.min_age <= filters.max_age;
