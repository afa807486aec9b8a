// GET /api/repeatorder.php: what one step would buy again with the stored mandate
import { RepeatOrderResponseSchema } from '@/lib/shared/schemas/payments';
import { getRepeatOrderOrThrow } from '../../../payments/repeat-order';
import { defineRoute } from '../../kit/define-route';

export const getRepeatOrderRoute = defineRoute('GET /api/repeatorder.php', {
  access: 'member',
  summary: 'The repeat order on offer',
  response: {
    status: 200,
    description: 'The bundle and the stored mandate',
    schema: RepeatOrderResponseSchema,
  },
  errors: ['not_found'],
  handler: ({ viewer }) => getRepeatOrderOrThrow({ userId: viewer.userId }),
});
