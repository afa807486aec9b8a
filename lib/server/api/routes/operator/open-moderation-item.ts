// POST /api/operator/moderation-item.php: open a queue item (claiming it) with what is needed to decide
import { ModerationItemDetailSchema, ModerationItemOpenSchema } from '@/lib/shared/schemas/moderation';
import { openModerationItem } from '../../../moderation/open-moderation-item';
import { defineRoute } from '../../kit/define-route';

export const openModerationItemRoute = defineRoute('POST /api/operator/moderation-item.php', {
  access: 'operator',
  roles: ['moderator'],
  summary: 'Open a moderation item',
  body: ModerationItemOpenSchema,
  response: {
    status: 200,
    description: 'The item, the member’s profile, photos, complaints, decisions and the named conversation',
    schema: ModerationItemDetailSchema,
  },
  errors: ['not_found'],
  handler: ({ operator, body, audit }) =>
    openModerationItem({ operatorId: operator.operatorId, itemId: body.id, audit }),
});
