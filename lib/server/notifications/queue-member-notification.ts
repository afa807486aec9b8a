import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { PUSH_KINDS } from '@/lib/shared/schemas/push';
import type { DbOrTx } from '../db/client';
import { pushSubscriptions } from '../db/schema/notifications';
import { enqueueJob } from '../jobs/enqueue-job';

/** The job that pushes a member event to the recipient's browsers (lib/server/push/send-member-push.ts). */
export const NOTIFY_PUSH_JOB = 'notify.push';

/** Something that happened to a member that they may want to hear about while away. */
export const MemberNotificationSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  /** Who hears of it. */
  recipientId: z.number().int().positive(),
  /** Who did it: the sender of the message, the liker. */
  actorId: z.number().int().positive(),
  conversationId: z.number().int().positive().optional(),
  messageId: z.number().int().positive().optional(),
  /** The message is the first of the conversation (the kind `new_conversations`, else `new_messages`). */
  isNewConversation: z.boolean().optional(),
});
export type MemberNotification = z.infer<typeof MemberNotificationSchema>;

/**
 * Queues the notifications of a member event in the caller's transaction: they go out only if it
 * commits, from the job queue, never delaying the request. Push is queued only for a member with a
 * push subscription; the job checks their preferences, blocks and whether it was sent already.
 * E-mail notifications are not queued here: they come from the mail sweep over unread messages and
 * new likes.
 */
export async function queueMemberNotification(tx: DbOrTx, notification: MemberNotification): Promise<void> {
  const [subscribed] = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, notification.recipientId))
    .limit(1);
  if (subscribed) await enqueueJob(tx, NOTIFY_PUSH_JOB, { ...notification });
}
