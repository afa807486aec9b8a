import 'server-only';
import { eq } from 'drizzle-orm';
import { disabledEntry, type NotificationKind } from '@/lib/shared/values/notifications';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { verifyUnsubscribeToken } from './unsubscribe-token';

/** What the unsubscribe page shows before the member confirms. */
export interface UnsubscribeRequest {
  kind: NotificationKind;
  /** The address the mails go to, partly hidden (the link may be forwarded). */
  maskedEmail: string;
  /** That kind of mail is off already. */
  isOff: boolean;
}

/** `anna@example.com` as `a•••@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${Array.from(email.slice(0, at))[0] ?? ''}•••${email.slice(at)}`;
}

/**
 * The `/unsubscribe` page's question: which kind of mail the token stops, for which address. Only
 * reads; null for a token that is not genuine or a member who is gone.
 */
export async function getUnsubscribeRequest(options: { token: string }): Promise<UnsubscribeRequest | null> {
  const target = await verifyUnsubscribeToken(options.token);
  if (!target) return null;
  const db = await getDb();
  const [member] = await db
    .select({ email: users.email, disabled: users.notificationsDisabled, status: users.status })
    .from(users)
    .where(eq(users.id, target.userId));
  if (!member || member.status === 'purged') return null;
  return {
    kind: target.kind,
    maskedEmail: maskEmail(member.email),
    isOff: member.disabled.includes(disabledEntry('email', target.kind)),
  };
}
