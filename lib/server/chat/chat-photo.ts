import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { ChatSent } from '@/lib/shared/schemas/chat';
import type { FileResult } from '../api/kit/define-route';
import { getDb } from '../db/client';
import { chatMessages, conversationMembers } from '../db/schema/chat';
import { AppError } from '../errors';
import { processPhoto } from '../photos/process-photo';
import { getStorage } from '../storage/get-storage';
import { contentTypeOf, PRIVATE_KEY_PREFIX } from '../storage/keys';
import { chatSite, historyStart } from './chat-site';
import { blockedEither } from './chat-view';
import { deliverMessage, findSentMessage } from './send-message';

/** A fresh private storage name for a chat photo (128 random bits), never under the public CDN prefix. */
function newChatPhotoKey(): string {
  const hex = randomBytes(16).toString('hex');
  return `${PRIVATE_KEY_PREFIX}chat/${hex.slice(0, 2)}/${hex}.jpg`;
}

/**
 * `POST /api/chat-photo.php`: a photo message. The image is checked by its content and re-encoded
 * without EXIF or other metadata by the profile photos' pipeline, stored privately, then delivered
 * as any message (priced `photo_credits`). A retried send with the same key stores nothing new.
 */
export async function sendChatPhoto(options: {
  senderId: number;
  host: string | null;
  memberId: number;
  clientKey: string;
  data: Buffer;
  now?: Date;
}): Promise<ChatSent> {
  const site = await chatSite(options.host);
  const db = await getDb();
  const retried = await findSentMessage(db, options.senderId, options.clientKey);
  // A retry is answered by the delivery (the first message, nothing spent) without the image work.
  const processed = retried ? null : await processPhoto({ data: options.data });
  const photoKey = processed ? newChatPhotoKey() : '';
  if (processed) await getStorage().put(photoKey, processed.main, 'image/jpeg');
  try {
    const delivery = await deliverMessage({
      senderId: options.senderId,
      recipientId: options.memberId,
      clientKey: options.clientKey,
      content: { kind: 'photo', photoKey, width: processed?.width ?? 0, height: processed?.height ?? 0 },
      site,
      now: options.now,
    });
    if (!delivery.created && processed) await getStorage().delete(photoKey);
    return delivery.sent;
  } catch (error) {
    if (processed)
      await getStorage()
        .delete(photoKey)
        .catch(() => undefined);
    throw error;
  }
}

/**
 * `GET /api/chat-photo.php?id=`: a chat photo, only for the two members of its conversation, while
 * the viewer may still see the message (not removed by them, inside the history window, no block
 * either way). Anything else answers as a photo that does not exist.
 */
export async function getChatPhoto(options: {
  viewerId: number;
  messageId: number;
  now?: Date;
}): Promise<FileResult> {
  const { viewerId, messageId } = options;
  const now = options.now ?? new Date();
  const db = await getDb();
  const [row] = await db
    .select({ photoKey: chatMessages.photoKey })
    .from(chatMessages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversationId, chatMessages.conversationId),
        eq(conversationMembers.memberId, viewerId),
      ),
    )
    .where(
      and(
        eq(chatMessages.id, messageId),
        eq(chatMessages.kind, 'photo'),
        gt(chatMessages.createdAt, historyStart(now)),
        sql`(${conversationMembers.clearedAt} is null or ${chatMessages.createdAt} > ${conversationMembers.clearedAt})`,
        sql`not ${blockedEither(viewerId, sql`${conversationMembers.otherId}`)}`,
      ),
    );
  const notFound = new AppError('not_found', {
    log: `chat photo ${messageId} is not for member ${viewerId}`,
  });
  if (!row?.photoKey) throw notFound;
  const object = await getStorage().get(row.photoKey);
  if (!object) throw notFound;
  return { body: object.body, contentType: contentTypeOf(row.photoKey) };
}
