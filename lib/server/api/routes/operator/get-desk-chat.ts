// GET /api/operator/desk-chat.php: the conversation the operator holds, with the member and the history
import { DeskConversationQuerySchema, DeskConversationSchema } from '@/lib/shared/schemas/fictional-chats';
import { getFictionalChat } from '../../../fictional-chats/get-fictional-chat';
import { defineRoute } from '../../kit/define-route';

export const getDeskChatRoute = defineRoute('GET /api/operator/desk-chat.php', {
  access: 'operator',
  roles: ['chat_operator'],
  summary: 'A claimed conversation',
  query: DeskConversationQuerySchema,
  response: { status: 200, description: 'The conversation', schema: DeskConversationSchema },
  errors: ['claim_expired', 'not_found'],
  handler: ({ operator, query, audit }) => {
    audit({ action: 'desk.read', subject: { type: 'conversation', id: query.conversationId } });
    return getFictionalChat({ operatorId: operator.operatorId, conversationId: query.conversationId });
  },
});
