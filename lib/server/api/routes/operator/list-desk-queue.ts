// GET /api/operator/desk.php: conversations waiting for a fictional profile's answer, longest waiting first
import { DeskQueueSchema } from '@/lib/shared/schemas/fictional-chats';
import { listWaitingFictionalChats } from '../../../fictional-chats/fictional-chat-queue';
import { defineRoute } from '../../kit/define-route';

export const listDeskQueueRoute = defineRoute('GET /api/operator/desk.php', {
  access: 'operator',
  roles: ['chat_operator'],
  summary: 'Chat desk queue',
  response: { status: 200, description: 'The waiting conversations', schema: DeskQueueSchema },
  handler: ({ operator }) => listWaitingFictionalChats({ operatorId: operator.operatorId }),
});
