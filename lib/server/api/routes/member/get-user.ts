// GET /api/user.php: the logged-in member
import { UserResponseSchema } from '@/lib/shared/schemas/user';
import { getUserOrThrow } from '../../../auth/get-user';
import { defineRoute } from '../../kit/define-route';

export const getUserRoute = defineRoute('GET /api/user.php', {
  access: 'member',
  summary: 'The logged-in member',
  response: { status: 200, description: 'The logged-in member', schema: UserResponseSchema },
  handler: async ({ viewer }) => ({ user: await getUserOrThrow({ userId: viewer.userId }) }),
});
