// POST /api/operator/desk-claim.php: take a conversation with a fictional profile (the one named, or the next waiting)
import { z } from 'zod';
import { DeskClaimSchema, DeskConversationSchema } from '@/lib/shared/schemas/fictional-chats';
import { claimFictionalChat } from '../../../fictional-chats/claim-fictional-chat';
import { getFictionalChat } from '../../../fictional-chats/get-fictional-chat';
import { defineRoute } from '../../kit/define-route';

export const claimDeskChatRoute = defineRoute('POST /api/operator/desk-claim.php', {
  access: 'operator',
  roles: ['chat_operator'],
  summary: 'Claim a conversation',
  body: DeskClaimSchema,
  response: {
    status: 200,
    description: 'The claimed conversation, or null when nothing waits',
    schema: z.object({ conversation: DeskConversationSchema.nullable() }),
  },
  errors: ['claim_taken', 'not_found'],
  handler: async ({ operator, body, audit }) => {
    const claim = await claimFictionalChat({
      operatorId: operator.operatorId,
      conversationId: body.conversationId,
    });
    if (!claim) return { conversation: null };
    audit({ action: 'desk.claim', subject: { type: 'conversation', id: claim.conversationId } });
    return { conversation: await getFictionalChat({ operatorId: operator.operatorId, ...claim }) };
  },
});
