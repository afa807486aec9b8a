// POST /api/like.php: like a member; a like of someone who liked the viewer is a match
import { LikeCreateSchema, LikeResponseSchema } from '@/lib/shared/schemas/likes';
import { LIKES_WINDOW_SECONDS } from '@/lib/shared/schemas/likes';
import { env } from '../../../env';
import { likeMember, LIKES_BUDGET_NAME, likesLimitReached } from '../../../likes/like-member';
import { defineRoute } from '../../kit/define-route';

export const likeMemberRoute = defineRoute('POST /api/like.php', {
  access: 'member',
  summary: 'Like a member',
  body: LikeCreateSchema,
  response: { status: 200, description: 'Liked; whether it made a match', schema: LikeResponseSchema },
  errors: ['not_found', 'field_invalid', 'rate_limited'],
  // The hourly ceiling of likes (against like spam), shared with the swipe game's likes.
  rateLimit: {
    name: LIKES_BUDGET_NAME,
    limit: () => env().RATE_LIMIT_LIKES_PER_HOUR,
    windowSeconds: LIKES_WINDOW_SECONDS,
    per: 'member-or-address',
    store: 'database',
    refusal: likesLimitReached,
  },
  handler: ({ viewer, body }) =>
    likeMember({ userId: viewer.userId, memberId: body.member, source: body.source }),
});
