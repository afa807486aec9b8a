// GET /api/profile.php: the member's own profile
import { OwnProfileSchema } from '@/lib/shared/schemas/profile';
import { getOwnProfileOrThrow } from '../../../members/get-own-profile';
import { defineRoute } from '../../kit/define-route';

export const getOwnProfileRoute = defineRoute('GET /api/profile.php', {
  access: 'member',
  summary: 'The member’s own profile',
  response: { status: 200, description: 'The member’s own profile', schema: OwnProfileSchema },
  handler: ({ viewer }) => getOwnProfileOrThrow({ userId: viewer.userId }),
});
