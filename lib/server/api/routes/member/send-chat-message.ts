// POST /api/chat.php: send a text, gift or GIF message (starts the conversation when there is none)
import { ChatSendSchema, ChatSentSchema } from '@/lib/shared/schemas/chat';
import { sendMessage } from '../../../chat/send-message';
import { defineRoute } from '../../kit/define-route';

export const sendChatMessageRoute = defineRoute('POST /api/chat.php', {
  access: 'member',
  summary: 'Send a message',
  body: ChatSendSchema,
  response: { status: 200, description: 'The message sent, and the credits left', schema: ChatSentSchema },
  errors: [
    'not_found',
    'field_invalid',
    'email_not_confirmed',
    'premium_required',
    'insufficient_credits',
    'rate_limited',
  ],
  handler: ({ viewer, host, body }) => sendMessage({ senderId: viewer.userId, host, input: body }),
});
