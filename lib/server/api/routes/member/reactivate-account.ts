// GET /api/reactivate.php: the e-mailed reactivation link of a deleted account
import { z } from 'zod';
import { reactivateAccount } from '../../../auth/reactivate-account';
import { defineRoute } from '../../kit/define-route';

export const reactivateAccountRoute = defineRoute('GET /api/reactivate.php', {
  access: 'visitor',
  summary: 'Reactivation link',
  query: z.object({ token: z.string().max(128).optional() }),
  response: { status: 302, description: 'To /login, saying whether the account is back' },
  handler: async ({ query }) => {
    const isBack = query.token ? await reactivateAccount({ token: query.token }) : false;
    return { redirect: isBack ? '/login?reactivated=1' : '/login?reactivation=failed' };
  },
});
