import { creditBadge, unreadBadgeText } from '@/lib/shared/badges';

/** Unread-messages or new-likes count; "99+" above 99, nothing at zero. */
export function CountBadge(props: { count: number; label: string }) {
  const text = unreadBadgeText(props.count);
  if (!text) return null;
  return (
    <span className="badge rounded-pill badge-unread ms-1">
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{props.label}</span>
    </span>
  );
}

/** Credits badge at 10 or fewer: warning colour above 0, danger at 0. */
export function CreditsBadge(props: { credits: number; label: string }) {
  const badge = creditBadge(props.credits);
  if (!badge) return null;
  return (
    <span
      className={`badge rounded-pill ms-1 ${badge.variant === 'warning' ? 'text-bg-warning' : 'text-bg-danger'}`}
    >
      <span aria-hidden="true">{badge.text}</span>
      <span className="visually-hidden">{props.label}</span>
    </span>
  );
}
