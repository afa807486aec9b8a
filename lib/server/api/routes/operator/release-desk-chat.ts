// DELETE /api/operator/desk-claim.php: let a claimed conversation go back to the queue
import { DeskReleaseSchema } from '@/lib/shared/schemas/fictional-chats';
import { releaseFictionalChat } from '../../../fictional-chats/claim-fictional-chat';
import { defineRoute } from '../../kit/define-route';

export const releaseDeskChatRoute = defineRoute('DELETE /api/operator/desk-claim.php', {
  access: 'operator',
  roles: ['chat_operator'],
  summary: 'Release a conversation',
  body: DeskReleaseSchema,
  response: { status: 204, description: 'Released' },
  handler: async ({ operator, body, audit }) => {
    await releaseFictionalChat({ operatorId: operator.operatorId, conversationId: body.conversationId });
    audit({ action: 'desk.release', subject: { type: 'conversation', id: body.conversationId } });
  },
});
