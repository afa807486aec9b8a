// GET /api/swipe.php: the next cards of the viewer's swipe stack and today's likes left
import { SwipeStackQuerySchema, SwipeStackSchema } from '@/lib/shared/schemas/swipe';
import { getSwipeStack } from '../../../likes/get-swipe-stack';
import { defineRoute } from '../../kit/define-route';
import { MEMBER_READS } from '../../member-reads';

export const getSwipeStackRoute = defineRoute('GET /api/swipe.php', {
  access: 'member',
  summary: 'The swipe game: the next cards and the likes left today',
  query: SwipeStackQuerySchema,
  response: { status: 200, description: 'Cards to swipe, newest active first', schema: SwipeStackSchema },
  // Cards of members, like a search page: the same budget against scraping.
  rateLimit: MEMBER_READS,
  cacheControl: 'private, no-store',
  handler: ({ viewer, query }) =>
    getSwipeStack({ userId: viewer.userId, isVerifiedOnly: query.verified ?? false }),
});
