// GET /api/swipe.php: the next cards of the viewer's swipe stack and today's likes left
import { SwipeStackSchema } from '@/lib/shared/schemas/swipe';
import { getSwipeStack } from '../../../likes/get-swipe-stack';
import { defineRoute } from '../../kit/define-route';

export const getSwipeStackRoute = defineRoute('GET /api/swipe.php', {
  access: 'member',
  summary: 'The swipe game: the next cards and the likes left today',
  response: { status: 200, description: 'Cards to swipe, newest active first', schema: SwipeStackSchema },
  cacheControl: 'private, no-store',
  handler: ({ viewer }) => getSwipeStack({ userId: viewer.userId }),
});
