// GET /api/activate.php: the e-mailed activation link
import { z } from 'zod';
import { activateAccount, type ActivationResult } from '../../../auth/activate-account';
import { defineRoute } from '../../kit/define-route';

const ACTIVATION_PAGES: Record<ActivationResult, string> = {
  activated: '/activate/done',
  already_active: '/activate/already',
  failed: '/activate/error',
};

export const activateAccountRoute = defineRoute('GET /api/activate.php', {
  access: 'visitor',
  summary: 'Activation link',
  query: z.object({ token: z.string().max(128).optional() }),
  response: { status: 302, description: 'To /activate/done, /activate/already or /activate/error' },
  handler: async ({ query }) => {
    const result = query.token ? await activateAccount({ token: query.token }) : 'failed';
    return { redirect: ACTIVATION_PAGES[result] };
  },
});
