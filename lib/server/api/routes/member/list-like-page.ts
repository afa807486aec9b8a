// GET /api/like-list.php: one page of the viewer's received likes, sent likes or matches
import { LikeListQuerySchema, LikeListSchema } from '@/lib/shared/schemas/likes';
import { listLikes } from '../../../likes/list-likes';
import { defineRoute } from '../../kit/define-route';

export const listLikePageRoute = defineRoute('GET /api/like-list.php', {
  access: 'member',
  summary: 'A page of received likes, sent likes or matches',
  query: LikeListQuerySchema,
  response: { status: 200, description: 'One page of members', schema: LikeListSchema },
  cacheControl: 'private, no-store',
  handler: ({ viewer, query }) => listLikes({ userId: viewer.userId, type: query.type, page: query.page }),
});
