import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import {
  disabledEntry,
  isNotificationEnabled,
  type EmailStopReason,
  type NotificationKind,
} from '@/lib/shared/values/notifications';
import { users } from '../db/schema/auth';

/**
 * Reasons that stop every notification mail: the address bounced, or its owner reported our mail
 * as spam. An unsubscribe stops only its own kind (through `notifications_disabled`); its reason is
 * kept so the member is told why (spec §8).
 */
export const STOPPING_REASONS: readonly EmailStopReason[] = ['bounce', 'spam_complaint'];

/** What decides whether a member gets notification mail of a kind. */
export interface EmailSwitches {
  notificationsDisabled: readonly string[];
  emailStoppedReason: string | null;
  status: string;
  deletedAt: Date | null;
}

/**
 * Whether a member may get a notification mail of `kind`: a confirmed, not deleted account whose
 * address has not bounced or complained, with that kind switched on for e-mail. Members who have not
 * confirmed their address get none: it may not be theirs.
 */
export function canEmailNotification(member: EmailSwitches, kind: NotificationKind): boolean {
  if (member.status !== 'confirmed' || member.deletedAt) return false;
  if (
    member.emailStoppedReason &&
    (STOPPING_REASONS as readonly string[]).includes(member.emailStoppedReason)
  )
    return false;
  return isNotificationEnabled(member.notificationsDisabled, 'email', kind);
}

/**
 * The same rule in SQL over `users`, for sweeps to pick candidates; `canEmailNotification` is asked
 * again at sending time. With no `kind`, only the account part (the kind is known per row later).
 */
export function emailableSql(kind?: NotificationKind): SQL {
  const account = sql`${users.status} = 'confirmed' and ${users.deletedAt} is null
    and (${users.emailStoppedReason} is null or ${users.emailStoppedReason} not in ('bounce', 'spam_complaint'))`;
  if (!kind) return account;
  return sql`${account} and not (${users.notificationsDisabled} @> ${JSON.stringify([disabledEntry('email', kind)])}::jsonb)`;
}
