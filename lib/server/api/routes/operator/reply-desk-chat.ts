// POST /api/operator/desk-reply.php: answer a claimed conversation as its fictional profile
import { z } from 'zod';
import { DeskReplySchema } from '@/lib/shared/schemas/fictional-chats';
import { replyAsFictionalProfile } from '../../../fictional-chats/reply-as-fictional-profile';
import { defineRoute } from '../../kit/define-route';

export const replyDeskChatRoute = defineRoute('POST /api/operator/desk-reply.php', {
  access: 'operator',
  roles: ['chat_operator'],
  summary: 'Answer as the fictional profile',
  body: DeskReplySchema,
  response: { status: 201, description: 'Sent', schema: z.object({ messageId: z.number().int() }) },
  errors: ['claim_expired', 'field_invalid', 'not_found'],
  handler: async ({ operator, body, audit }) => {
    const sent = await replyAsFictionalProfile({ operatorId: operator.operatorId, ...body });
    audit({
      action: 'desk.reply',
      subject: { type: 'conversation', id: body.conversationId },
      after: {
        messageId: sent.messageId,
        profileId: sent.profileId,
        memberId: sent.memberId,
        text: body.text,
      },
    });
    return { messageId: sent.messageId };
  },
});
