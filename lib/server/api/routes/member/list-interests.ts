// GET /api/interests.php: the interests a member can pick
import { InterestsSchema } from '@/lib/shared/schemas/reference';
import { cachedInterests } from '../../../reference/cached-reference';
import { defineRoute } from '../../kit/define-route';

export const listInterestsRoute = defineRoute('GET /api/interests.php', {
  access: 'visitor',
  summary: 'Interests',
  response: { status: 200, description: 'Interests', schema: InterestsSchema },
  cacheControl: 'public, max-age=3600',
  handler: () => cachedInterests(),
});
