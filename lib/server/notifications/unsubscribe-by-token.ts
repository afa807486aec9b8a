import 'server-only';
import { eq } from 'drizzle-orm';
import { disabledEntry, type NotificationKind } from '@/lib/shared/values/notifications';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { AppError } from '../errors';
import { STOPPING_REASONS } from './email-preferences';
import { verifyUnsubscribeToken } from './unsubscribe-token';

/** What an unsubscribe did. */
export interface Unsubscribed {
  kind: NotificationKind;
  /** The kind was off already; nothing changed. */
  wasOff: boolean;
}

/**
 * One-click unsubscribe (RFC 8058) and the unsubscribe page's button: switches off e-mail of the
 * token's kind for the token's member, without a login — the signed token is the permission. Only
 * that kind stops; the member is told on their next visit that e-mail notifications were switched
 * off by an unsubscribe (a bounce or complaint already recorded keeps its reason). Doing it again
 * changes nothing. A token that is not genuine, or whose member is gone, is `link_invalid`.
 */
export async function unsubscribeByToken(options: { token: string; now?: Date }): Promise<Unsubscribed> {
  const now = options.now ?? new Date();
  const target = await verifyUnsubscribeToken(options.token);
  if (!target) throw new AppError('link_invalid', { log: 'unsubscribe token not genuine' });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({
        disabled: users.notificationsDisabled,
        reason: users.emailStoppedReason,
        status: users.status,
      })
      .from(users)
      .where(eq(users.id, target.userId))
      .for('update');
    if (!member || member.status === 'purged') {
      throw new AppError('link_invalid', { log: `unsubscribe for member ${target.userId}, who is gone` });
    }
    const entry = disabledEntry('email', target.kind);
    if (member.disabled.includes(entry)) return { kind: target.kind, wasOff: true };
    const keepsReason =
      member.reason !== null && (STOPPING_REASONS as readonly string[]).includes(member.reason);
    await tx
      .update(users)
      .set({
        notificationsDisabled: [...member.disabled, entry],
        ...(keepsReason ? {} : { emailStoppedReason: 'unsubscribe', emailStoppedAt: now }),
      })
      .where(eq(users.id, target.userId));
    return { kind: target.kind, wasOff: false };
  });
}
