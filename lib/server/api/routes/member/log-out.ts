// POST /api/logout.php: end the session (what the app itself calls)
import { z } from 'zod';
import { defineRoute } from '../../kit/define-route';
import { endRequestSession } from '../../session-cookie';

export const logOutRoute = defineRoute('POST /api/logout.php', {
  access: 'visitor',
  summary: 'Log out',
  response: { status: 200, description: 'Logged out', schema: z.object({ ok: z.literal(true) }) },
  handler: async ({ c }) => {
    await endRequestSession(c);
    return { ok: true as const };
  },
});
