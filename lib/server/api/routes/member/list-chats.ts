// GET /api/chats.php: the viewer's conversations, newest first (spec §3 "Chat state", §4)
import { ChatsSchema } from '@/lib/shared/schemas/chat';
import { listChats } from '../../../chat/list-chats';
import { defineRoute } from '../../kit/define-route';

export const listChatsRoute = defineRoute('GET /api/chats.php', {
  access: 'member',
  summary: 'The viewer’s conversations',
  response: {
    status: 200,
    description: 'Conversations newest first, and the unread messages in all',
    schema: ChatsSchema,
  },
  cacheControl: 'private, no-store',
  handler: ({ viewer, host }) => listChats({ viewerId: viewer.userId, host }),
});
