import 'server-only';
import type { Agent } from 'node:https';
import { and, eq } from 'drizzle-orm';
import { isLocale } from '@/lib/shared/locales';
import { PUSH_PAYLOAD_VERSION, type PushPayload } from '@/lib/shared/schemas/push';
import { isNotificationEnabled, type NotificationKind } from '@/lib/shared/values/notifications';
import { findPartner, isWritable, toChatPartner } from '../chat/chat-view';
import { listChats } from '../chat/list-chats';
import { getDb, type Db } from '../db/client';
import { users } from '../db/schema/auth';
import { chatMessages, conversationMembers } from '../db/schema/chat';
import { likes } from '../db/schema/likes';
import { notificationDeliveries, pushSubscriptions } from '../db/schema/notifications';
import { sites } from '../db/schema/reference';
import { env, isVapidSubject } from '../env';
import type { JobHandlers } from '../jobs/run-jobs';
import { readLikesState } from '../likes/likes-state';
import {
  MemberNotificationSchema,
  NOTIFY_PUSH_JOB,
  type MemberNotification,
} from '../notifications/queue-member-notification';
import { pushTexts } from './push-texts';
import { sendPush, type PushDelivery, type PushOutcome } from './send-push';

/** The picture of a push when the sender's photo may not be shown. */
export const APP_ICON = '/icons/icon-192.png';

/** A day: a message that waits longer at the push service is old news (the chat shows it anyway). */
const MESSAGE_TTL_SECONDS = 86_400;
/** Likes and matches stay interesting a little longer, three days at most. */
const LIKE_TTL_SECONDS = 3 * 86_400;

/** The preference a notification falls under (a match is a like's). */
export function notificationKindOf(notification: MemberNotification): NotificationKind {
  if (notification.kind !== 'message') return 'like';
  return notification.isNewConversation ? 'new_conversations' : 'new_messages';
}

/** What a notification is about, once per member: the unique key of its delivery. */
function deliveryRef(notification: MemberNotification): string {
  return notification.kind === 'message'
    ? `message:${notification.messageId ?? 0}`
    : `${notification.kind}:${notification.actorId}`;
}

/** The push service's handling: messages wake the device at once and expire in a day. */
function deliveryOf(notification: MemberNotification): PushDelivery {
  if (notification.kind === 'message') {
    // Messages of one conversation that wait at the push service replace each other.
    return {
      ttlSeconds: MESSAGE_TTL_SECONDS,
      urgency: 'high',
      topic: `chat${notification.conversationId ?? 0}`,
    };
  }
  return {
    ttlSeconds: LIKE_TTL_SECONDS,
    urgency: 'normal',
    topic: notification.kind === 'like' ? 'likes' : undefined,
  };
}

/** Where a click on the notification leads, and the tag under which notifications replace each other. */
function targetOf(notification: MemberNotification): { url: string; tag: string } {
  switch (notification.kind) {
    case 'message':
      return {
        url: `/chats/${notification.conversationId ?? ''}`,
        tag: `chat-${notification.conversationId ?? 0}`,
      };
    case 'like':
      return { url: `/likes/m/${notification.actorId}`, tag: 'likes' };
    case 'match':
      return { url: `/likes/m/${notification.actorId}`, tag: `match-${notification.actorId}` };
  }
}

/**
 * Whether the event still stands: the message not yet read by the recipient, the like not taken
 * back, the match not ended. Answers the message's kind for a message.
 */
async function stillStands(
  db: Db,
  notification: MemberNotification,
): Promise<{ messageKind?: string } | null> {
  const { recipientId, actorId } = notification;
  if (notification.kind === 'message') {
    if (!notification.messageId || !notification.conversationId) return null;
    const [row] = await db
      .select({ kind: chatMessages.kind, readUpTo: conversationMembers.readUpTo })
      .from(chatMessages)
      .innerJoin(
        conversationMembers,
        and(
          eq(conversationMembers.conversationId, chatMessages.conversationId),
          eq(conversationMembers.memberId, recipientId),
        ),
      )
      .where(
        and(
          eq(chatMessages.id, notification.messageId),
          eq(chatMessages.conversationId, notification.conversationId),
          eq(chatMessages.recipientId, recipientId),
          eq(chatMessages.senderId, actorId),
        ),
      );
    if (!row || (row.readUpTo !== null && row.readUpTo >= notification.messageId)) return null;
    return { messageKind: row.kind };
  }
  const [like] = await db
    .select({ matchedAt: likes.matchedAt })
    .from(likes)
    .where(and(eq(likes.likerId, actorId), eq(likes.likedId, recipientId)));
  if (!like || (notification.kind === 'match' && !like.matchedAt)) return null;
  return {};
}

/**
 * The job `notify.push`: tells the recipient's browsers of a message, like or match, in their
 * language, with the sender's photo and the count for the app badge — unless they switched that
 * kind of push off, either member is gone or hidden, a block stands between them, the event no
 * longer stands (read, taken back), or it was pushed before (the delivery's unique key: a job that
 * runs twice sends once). Answers what became of the push, null when nothing was sent.
 */
export async function sendMemberPush(
  input: unknown,
  options: { agent?: Agent; now?: Date } = {},
): Promise<PushOutcome | null> {
  const notification = MemberNotificationSchema.parse(input);
  const { recipientId, actorId } = notification;
  const now = options.now ?? new Date();
  const db = await getDb();
  const [recipient] = await db
    .select({
      language: users.language,
      deletedAt: users.deletedAt,
      disabled: users.notificationsDisabled,
      domain: sites.domain,
      supportEmail: sites.supportEmail,
      cdnPrefix: sites.cdnPrefix,
    })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, recipientId));
  if (!recipient || recipient.deletedAt) return null;
  if (!isNotificationEnabled(recipient.disabled, 'push', notificationKindOf(notification))) return null;
  const [subscribed] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, recipientId))
    .limit(1);
  if (!subscribed) return null;

  // The sender as the recipient sees them: nobody hidden, gone or blocked either way is announced.
  const partner = await findPartner(db, recipientId, actorId);
  if (!partner || !isWritable(partner)) return null;
  const standing = await stillStands(db, notification);
  if (!standing) return null;

  const subject = env().VAPID_SUBJECT ?? `mailto:${recipient.supportEmail}`;
  if (!isVapidSubject(subject)) {
    throw new Error(
      `push: the VAPID subject ${subject} is not a mailto: address or https URL; set VAPID_SUBJECT`,
    );
  }

  const claimed = await db
    .insert(notificationDeliveries)
    .values({
      userId: recipientId,
      channel: 'push',
      kind: notificationKindOf(notification),
      ref: deliveryRef(notification),
    })
    .onConflictDoNothing()
    .returning({ id: notificationDeliveries.id });
  if (!claimed.length) return null;

  const host = recipient.domain === 'default' ? null : recipient.domain;
  const cdnPrefix = env().CDN_PREFIX ?? recipient.cdnPrefix;
  const sender = toChatPartner(partner, now, cdnPrefix);
  const [chats, likesState] = await Promise.all([
    listChats({ viewerId: recipientId, host, now }),
    readLikesState({ userId: recipientId }),
  ]);
  const locale = isLocale(recipient.language) ? recipient.language : 'en';
  const payload: PushPayload = {
    v: PUSH_PAYLOAD_VERSION,
    kind: notification.kind,
    ...pushTexts({
      locale,
      kind: notification.kind,
      name: sender.name,
      isNewConversation: notification.isNewConversation,
      messageKind: standing.messageKind,
    }),
    icon: sender.thumb ?? APP_ICON,
    ...targetOf(notification),
    badge: chats.num_unread_messages + likesState.num_new_likes,
  };
  return sendPush({
    userId: recipientId,
    payload,
    delivery: deliveryOf(notification),
    subject,
    agent: options.agent,
    now,
  });
}

/** The job kinds of web push. `agent` is the HTTPS agent pushes are posted with (tests: their own push service). */
export function pushJobHandlers(options: { agent?: Agent } = {}): JobHandlers {
  return {
    [NOTIFY_PUSH_JOB]: async (payload) => {
      await sendMemberPush(payload, { agent: options.agent });
    },
  };
}
