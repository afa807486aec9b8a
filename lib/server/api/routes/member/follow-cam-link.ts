// GET /api/cams/out.php: a promoted cam's link out to its partner, counted on the way
import { z } from 'zod';
import { refusesTracking } from '@/lib/shared/attribution';
import { CAM_ID_PATTERN, CAM_PLACEMENTS } from '@/lib/shared/values/cams';
import { followCamLink } from '../../../cams/follow-cam-link';
import { requestAttribution } from '../../attribution-cookies';
import { defineRoute } from '../../kit/define-route';

export const followCamLinkRoute = defineRoute('GET /api/cams/out.php', {
  access: 'visitor',
  summary: 'Promoted cam link out',
  query: z.object({ id: z.string().regex(CAM_ID_PATTERN), from: z.enum(CAM_PLACEMENTS) }),
  response: { status: 302, description: 'To the partner’s page of the cam' },
  errors: ['not_found'],
  rateLimit: { name: 'cam-clicks', limit: 60, windowSeconds: 60, per: 'address', store: 'memory' },
  headers: { 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'origin' },
  handler: async ({ query, host, c }) => {
    const { tracking, lander } = requestAttribution(c);
    const { url } = await followCamLink({
      host,
      id: query.id,
      placement: query.from,
      tracking,
      lander,
      isTrackingRefused: refusesTracking({ get: (name) => c.req.header(name) }),
    });
    return { redirect: url };
  },
});
