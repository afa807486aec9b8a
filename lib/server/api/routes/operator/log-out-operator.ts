// DELETE /api/operator/session.php: the operator logs out
import { deleteCookie, getCookie } from 'hono/cookie';
import { endOperatorSession, OPERATOR_COOKIE } from '../../../operators/operator-sessions';
import { defineRoute } from '../../kit/define-route';

export const logOutOperatorRoute = defineRoute('DELETE /api/operator/session.php', {
  access: 'operator',
  isSecondFactorStep: true,
  summary: 'Operator logout',
  response: { status: 204, description: 'Logged out' },
  handler: async ({ c }) => {
    await endOperatorSession({ token: getCookie(c, OPERATOR_COOKIE) ?? '' });
    deleteCookie(c, OPERATOR_COOKIE, { path: '/' });
  },
});
