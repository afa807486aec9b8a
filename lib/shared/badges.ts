import { CREDIT_BADGE_THRESHOLD, UNREAD_BADGE_CAP } from './constants';

/** Text of the unread-messages badge: nothing at zero, the count up to 99, then "99+". */
export function unreadBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(Math.floor(count));
}

export type CreditBadge = { text: string; variant: 'warning' | 'danger' } | null;

/** The credits badge shows at 10 credits or fewer: warning colour above 0, danger at 0. */
export function creditBadge(credits: number): CreditBadge {
  if (!Number.isFinite(credits) || credits > CREDIT_BADGE_THRESHOLD) return null;
  const value = Math.max(0, Math.floor(credits));
  return { text: String(value), variant: value > 0 ? 'warning' : 'danger' };
}

/** Page title prefixed with the count of unread messages plus new likes, e.g. "(3) Title". */
export function titleWithCount(title: string, count: number): string {
  return count > 0 ? `(${count}) ${title}` : title;
}
