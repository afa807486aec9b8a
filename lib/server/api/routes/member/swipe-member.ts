// POST /api/swipe.php: like or pass the card on top of the swipe stack
import { SwipeRequestSchema, SwipeResponseSchema } from '@/lib/shared/schemas/swipe';
import { swipeMember } from '../../../likes/swipe-member';
import { defineRoute } from '../../kit/define-route';

export const swipeMemberRoute = defineRoute('POST /api/swipe.php', {
  access: 'member',
  summary: 'Like or pass a member in the swipe game',
  body: SwipeRequestSchema,
  response: {
    status: 200,
    description: 'Swiped; whether a like made a match, and the likes left today',
    schema: SwipeResponseSchema,
  },
  errors: ['not_found', 'field_invalid', 'rate_limited'],
  handler: ({ viewer, body }) =>
    swipeMember({ userId: viewer.userId, memberId: body.member, action: body.action }),
});
