// GET /api/auto-like.php: a member who fits the viewer likes them; the like modal shows who
import { LikerProfileSchema } from '@/lib/shared/schemas/likes';
import { autoLike } from '../../../likes/auto-like';
import { getSettings } from '../../../settings/get-settings';
import { defineRoute } from '../../kit/define-route';

export const autoLikeRoute = defineRoute('GET /api/auto-like.php', {
  access: 'member',
  summary: 'Auto-like: the liker profile for the like modal',
  response: { status: 200, description: 'The member who liked the viewer', schema: LikerProfileSchema },
  errors: ['not_found'],
  cacheControl: 'private, no-store',
  handler: async ({ viewer, host, locale }) => {
    const settings = await getSettings({ host, locale });
    return autoLike({ userId: viewer.userId, cdnPrefix: settings.cdn_prefix });
  },
});
