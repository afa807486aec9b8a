import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { NotificationKind } from '@/lib/shared/values/notifications';
import { getDb, type Tx } from '../db/client';
import { users } from '../db/schema/auth';
import { notificationDeliveries } from '../db/schema/notifications';
import { MailDeliveryError } from '../mail/mail-delivery-error';
import { sendMail } from '../mail/send-mail';
import type { MailKind, MailValues } from '../mail/templates/mail-templates';
import { canEmailNotification } from './email-preferences';
import {
  listUnsubscribeHeaders,
  notificationLinks,
  siteAddress,
  type NotificationLinks,
  type SiteAddress,
} from './notification-links';
import type { Recipient } from './notification-recipient';

/** The notification kinds of mail: each is sent under one preference kind. */
export type NotificationMailKind = Extract<MailKind, `notify_${string}`>;

/** What a notification mail's caller supplies: everything but the greeting's name and the footer links. */
export type NotificationValues<K extends NotificationMailKind> = Omit<MailValues[K], 'name' | 'links'>;

/** Thrown inside the claim's transaction when the caller's bookkeeping says someone got there first. */
class ClaimLost extends Error {}

export interface SendNotificationMailOptions<K extends NotificationMailKind> {
  recipient: Recipient;
  /** The preference kind it is sent under (spec §3 "Notification kinds"). */
  kind: NotificationKind;
  mail: K;
  /**
   * What the mail is about, unique per member and kind: a second mail with the same ref is never
   * sent, whoever tries (a job run twice, two instances).
   */
  ref: string;
  /**
   * The mail's values, made once the mail is claimed; null sends nothing and keeps the claim (what
   * it was about is gone, such as a sender who hid their profile: it is not looked at again).
   */
  values: (site: SiteAddress, links: NotificationLinks) => Promise<NotificationValues<K> | null>;
  /**
   * More bookkeeping in the claim's transaction (a conversation's `email_notified_at`); answering
   * false means another sender moved first, and nothing is sent.
   */
  claim?: (tx: Tx) => Promise<boolean>;
  /** Undoes `claim` when the mail could not be sent and should be tried again. */
  release?: (tx: Tx) => Promise<void>;
  now: Date;
}

/**
 * An SMTP refusal with a 5xx code will not change by trying again (unknown mailbox, policy): the
 * claim stays, so the member is not tried every few minutes. Anything else — the server away, a
 * 4xx — is given back to be tried again.
 */
function isPermanentRefusal(error: unknown): boolean {
  if (!(error instanceof MailDeliveryError)) return false;
  const code = (error.cause as { responseCode?: unknown } | undefined)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Sends one notification mail at most once. First, in one transaction, the member's switches are
 * read again (an unsubscribe a moment ago wins), the delivery is recorded under its unique key, and
 * the caller's bookkeeping is done; only after that commits is the mail rendered and sent, in the
 * member's language, with List-Unsubscribe headers for its kind. A crash after the commit loses
 * this one mail rather than sending it twice. When sending fails for a reason that may pass, the
 * claim is given back and the error thrown, so a later run tries again.
 *
 * Answers whether the mail was sent.
 */
export async function sendNotificationMail<K extends NotificationMailKind>(
  options: SendNotificationMailOptions<K>,
): Promise<boolean> {
  const { recipient, kind, ref, now } = options;
  const db = await getDb();
  let deliveryId: number;
  try {
    const claimed = await db.transaction(async (tx) => {
      const [member] = await tx
        .select({
          notificationsDisabled: users.notificationsDisabled,
          emailStoppedReason: users.emailStoppedReason,
          status: users.status,
          deletedAt: users.deletedAt,
        })
        .from(users)
        .where(eq(users.id, recipient.userId));
      if (!member || !canEmailNotification(member, kind)) return null;
      const [row] = await tx
        .insert(notificationDeliveries)
        .values({ userId: recipient.userId, channel: 'email', kind, ref, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: notificationDeliveries.id });
      if (!row) return null;
      if (options.claim && !(await options.claim(tx))) throw new ClaimLost();
      return row.id;
    });
    if (claimed === null) return false;
    deliveryId = claimed;
  } catch (error) {
    if (error instanceof ClaimLost) return false;
    throw error;
  }

  const giveBack = () =>
    db.transaction(async (tx) => {
      await tx
        .delete(notificationDeliveries)
        .where(and(eq(notificationDeliveries.id, deliveryId), eq(notificationDeliveries.ref, ref)));
      await options.release?.(tx);
    });

  try {
    const site = await siteAddress(recipient.host);
    const links = await notificationLinks(site, { userId: recipient.userId, kind });
    const values = await options.values(site, links);
    if (!values) return false;
    await sendMail({
      to: recipient.email,
      kind: options.mail,
      locale: recipient.locale,
      host: recipient.host,
      values: {
        ...values,
        name: recipient.name,
        links: { manage: links.manage, unsubscribe: links.unsubscribe },
      } as MailValues[K],
      headers: listUnsubscribeHeaders(links),
    });
    return true;
  } catch (error) {
    if (isPermanentRefusal(error)) {
      console.warn(
        `[notifications] ${options.mail} to member ${recipient.userId} refused for good: ${String(error)}`,
      );
      return false;
    }
    await giveBack();
    throw error;
  }
}
