// GET /api/chat.php: one conversation's newest messages and the composer's facts
import { ChatQuerySchema, ChatSchema } from '@/lib/shared/schemas/chat';
import { getChat } from '../../../chat/get-chat';
import { defineRoute } from '../../kit/define-route';

export const getChatRoute = defineRoute('GET /api/chat.php', {
  access: 'member',
  summary: 'A conversation',
  query: ChatQuerySchema,
  response: {
    status: 200,
    description: 'The conversation, its newest messages and the composer',
    schema: ChatSchema,
  },
  errors: ['not_found'],
  cacheControl: 'private, no-store',
  handler: ({ viewer, host, query }) =>
    getChat({
      viewerId: viewer.userId,
      host,
      conversationId: query.conversation,
      memberId: query.member,
      before: query.before,
    }),
});
