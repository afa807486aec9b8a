// POST /api/like.php: like a member; a like of someone who liked the viewer is a match
import { LikeCreateSchema, LikeResponseSchema } from '@/lib/shared/schemas/likes';
import { likeMember, LIKES_BUDGET, likesLimitReached } from '../../../likes/like-member';
import { defineRoute } from '../../kit/define-route';

export const likeMemberRoute = defineRoute('POST /api/like.php', {
  access: 'member',
  summary: 'Like a member',
  body: LikeCreateSchema,
  response: { status: 200, description: 'Liked; whether it made a match', schema: LikeResponseSchema },
  errors: ['not_found', 'field_invalid', 'rate_limited'],
  // The hourly ceiling of likes (against like spam), shared with the swipe game's likes.
  rateLimit: { ...LIKES_BUDGET, per: 'member-or-address', store: 'database', refusal: likesLimitReached },
  handler: ({ viewer, body }) =>
    likeMember({ userId: viewer.userId, memberId: body.member, source: body.source }),
});
