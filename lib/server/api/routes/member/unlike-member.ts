// DELETE /api/like.php: take a like back; a match with that member ends
import { LikeRequestSchema } from '@/lib/shared/schemas/likes';
import { unlikeMember } from '../../../likes/like-member';
import { defineRoute } from '../../kit/define-route';

export const unlikeMemberRoute = defineRoute('DELETE /api/like.php', {
  access: 'member',
  summary: 'Take a like back',
  body: LikeRequestSchema,
  response: { status: 204, description: 'The like is gone' },
  handler: ({ viewer, body }) => unlikeMember({ userId: viewer.userId, memberId: body.member }),
});
