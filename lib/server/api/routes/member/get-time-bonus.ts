// GET /api/timebonus.php: the time bonus of a new member who has not paid yet
import { TimeBonusResponseSchema } from '@/lib/shared/schemas/payments';
import { getTimeBonus } from '../../../discounts/get-time-bonus';
import { defineRoute } from '../../kit/define-route';
import { MEMBER_READS } from '../../member-reads';

export const getTimeBonusRoute = defineRoute('GET /api/timebonus.php', {
  access: 'member',
  summary: 'The time bonus',
  response: {
    status: 200,
    description: 'The time bonus and the seconds it has left',
    schema: TimeBonusResponseSchema,
  },
  errors: ['not_found'],
  rateLimit: MEMBER_READS,
  cacheControl: 'private, no-store',
  handler: ({ viewer }) => getTimeBonus({ userId: viewer.userId }),
});
