// GET /api/operator/moderation.php: the moderation queue, complaints and photos, oldest first
import { ModerationQueueQuerySchema, ModerationQueueSchema } from '@/lib/shared/schemas/moderation';
import { listModerationQueue } from '../../../moderation/list-moderation-queue';
import { defineRoute } from '../../kit/define-route';

export const listModerationQueueRoute = defineRoute('GET /api/operator/moderation.php', {
  access: 'operator',
  roles: ['moderator'],
  summary: 'Moderation queue',
  query: ModerationQueueQuerySchema,
  response: {
    status: 200,
    description: 'Items waiting or in review, oldest first',
    schema: ModerationQueueSchema,
  },
  handler: ({ query }) => listModerationQueue(query),
});
