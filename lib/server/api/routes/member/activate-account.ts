// GET /api/activate.php: the e-mailed activation link
import { z } from 'zod';
import { activateAccount } from '../../../auth/activate-account';
import { defineRoute } from '../../kit/define-route';

export const activateAccountRoute = defineRoute('GET /api/activate.php', {
  access: 'visitor',
  summary: 'Activation link',
  query: z.object({ token: z.string().max(128).optional() }),
  response: { status: 302, description: 'To /activate/done or /activate/error' },
  handler: async ({ query }) => {
    const isDone = query.token ? await activateAccount({ token: query.token }) : false;
    return { redirect: isDone ? '/activate/done' : '/activate/error' };
  },
});
