// DELETE /api/chat.php: remove a conversation, or every conversation with a member, for the viewer (spec §7)
import { ChatRemoveSchema } from '@/lib/shared/schemas/chat';
import { removeChat } from '../../../chat/chat-state';
import { defineRoute } from '../../kit/define-route';

export const removeChatRoute = defineRoute('DELETE /api/chat.php', {
  access: 'member',
  summary: 'Remove a conversation',
  body: ChatRemoveSchema,
  response: { status: 204, description: 'Removed from the viewer’s list' },
  errors: ['not_found'],
  handler: ({ viewer, body }) => removeChat({ viewerId: viewer.userId, target: body }),
});
