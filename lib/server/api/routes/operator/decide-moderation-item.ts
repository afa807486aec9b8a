// POST /api/operator/moderation-decision.php: decide a queue item (dismiss, warn, hide, suspend, ban, approve)
import { ModerationDecidedSchema, ModerationDecisionInputSchema } from '@/lib/shared/schemas/moderation';
import { decideModerationItem } from '../../../moderation/decide-moderation-item';
import { defineRoute } from '../../kit/define-route';

export const decideModerationItemRoute = defineRoute('POST /api/operator/moderation-decision.php', {
  access: 'operator',
  roles: ['moderator'],
  summary: 'Decide a moderation item',
  body: ModerationDecisionInputSchema,
  response: {
    status: 200,
    description: 'The decision, stored with its effects',
    schema: ModerationDecidedSchema,
  },
  errors: ['not_found', 'field_invalid', 'moderation_decided'],
  handler: ({ operator, body, audit }) =>
    decideModerationItem({ operatorId: operator.operatorId, input: body, audit }),
});
