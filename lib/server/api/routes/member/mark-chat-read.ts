// POST /api/chat-read.php: the viewer has read a conversation up to a message
import { ChatReadSchema } from '@/lib/shared/schemas/chat';
import { markChatRead } from '../../../chat/chat-state';
import { defineRoute } from '../../kit/define-route';

export const markChatReadRoute = defineRoute('POST /api/chat-read.php', {
  access: 'member',
  summary: 'Mark a conversation read',
  body: ChatReadSchema,
  response: { status: 204, description: 'Read' },
  errors: ['not_found'],
  handler: ({ viewer, body }) =>
    markChatRead({ viewerId: viewer.userId, conversationId: body.conversation, messageId: body.message }),
});
