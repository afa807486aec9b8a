// GET /api/logout.php: end the session from a link on this site (the spec's call); never cross-site
import { z } from 'zod';
import { defineRoute } from '../../kit/define-route';
import { checkSameSiteNavigation } from '../../kit/request-guards';
import { endRequestSession } from '../../session-cookie';

export const logOutLinkRoute = defineRoute('GET /api/logout.php', {
  access: 'visitor',
  summary: 'Log out (same-site requests only)',
  response: { status: 200, description: 'Logged out', schema: z.object({ ok: z.literal(true) }) },
  errors: ['origin_rejected'],
  handler: async ({ c }) => {
    await checkSameSiteNavigation(c);
    await endRequestSession(c);
    return { ok: true as const };
  },
});
