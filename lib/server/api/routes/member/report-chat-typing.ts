// POST /api/chat-typing.php: the viewer is typing in a conversation
import { ChatTypingSchema } from '@/lib/shared/schemas/chat';
import { reportTyping } from '../../../chat/chat-state';
import { defineRoute } from '../../kit/define-route';

export const reportChatTypingRoute = defineRoute('POST /api/chat-typing.php', {
  access: 'member',
  summary: 'Tell the other member the viewer is typing',
  body: ChatTypingSchema,
  response: { status: 204, description: 'Told (or throttled)' },
  errors: ['not_found'],
  handler: ({ viewer, body }) => reportTyping({ viewerId: viewer.userId, conversationId: body.conversation }),
});
