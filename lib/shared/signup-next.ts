/** The highest member id (a PostgreSQL integer). */
const MAX_MEMBER_ID = 2_147_483_647;

/**
 * Where a new member goes on after signing up, from the `next` query of `/signup` (a member landing
 * leads there with the member it is about): a member's page or chat on this site, `/members/{id}` or
 * `/members/{id}/chat`, exactly; anything else (another site, dot segments, other pages) is null, and
 * the signup goes on as it would without it.
 */
export function signupNextPath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^\/members\/([1-9]\d{0,9})(\/chat)?$/.exec(value);
  if (!match?.[1] || Number(match[1]) > MAX_MEMBER_ID) return null;
  return value;
}

/** Whether a `next` path leads to a member's chat (else to their page). */
export const isChatPath = (path: string): boolean => path.endsWith('/chat');
