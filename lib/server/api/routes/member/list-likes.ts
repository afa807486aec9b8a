// GET /api/likes.php: the viewer's sent and received likes (spec §3, §7)
import { LikesStateSchema } from '@/lib/shared/schemas/likes';
import { getLikesState } from '../../../likes/likes-state';
import { defineRoute } from '../../kit/define-route';

export const listLikesRoute = defineRoute('GET /api/likes.php', {
  access: 'member',
  summary: 'The viewer’s likes',
  response: { status: 200, description: 'Sent and received likes', schema: LikesStateSchema },
  cacheControl: 'private, no-store',
  handler: ({ viewer }) => getLikesState({ userId: viewer.userId }),
});
