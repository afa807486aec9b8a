import 'server-only';
import { chatSite } from '../chat/chat-site';
import { deliverMessage } from '../chat/send-message';
import { AppError } from '../errors';
import { findSiteOfMember } from '../settings/site-of-member';
import { fictionalSides, heldClaimOrThrow } from './claim-fictional-chat';

/**
 * A chat operator's answer as the fictional profile of a conversation they hold: delivered like any
 * message (the member sees it at once, and hears of it when away), free, with the profile's side read
 * up to it and the conversation let go, as nothing waits in it any more.
 */
export async function replyAsFictionalProfile(options: {
  operatorId: number;
  conversationId: number;
  text: string;
  clientKey: string;
  now?: Date;
}): Promise<{ messageId: number; profileId: number; memberId: number }> {
  const now = options.now ?? new Date();
  await heldClaimOrThrow({ ...options, now });
  const sides = await fictionalSides(options.conversationId);
  if (!sides) throw new AppError('not_found');
  // The member's own site decides how long a message may be.
  const site = await chatSite(await findSiteOfMember({ userId: sides.memberId }));
  const text = options.text.trim();
  if (text.length < 1 || text.length > site.messageLength) {
    throw new AppError('field_invalid', {
      field: 'text',
      messageKey: 'chat_text_length',
      values: { max: site.messageLength },
    });
  }
  const delivery = await deliverMessage({
    senderId: sides.profileId,
    recipientId: sides.memberId,
    clientKey: options.clientKey,
    content: { kind: 'text', text },
    site,
    now,
    // Free, the profile's side read up to the answer, the member told so, the hold let go.
    operatorReply: true,
  });
  return { messageId: delivery.sent.message.id, ...sides };
}
