// POST /api/operator/session.php: an operator logs in with e-mail and password (the first factor)
import { setCookie } from 'hono/cookie';
import { OperatorLoginSchema, OperatorSchema } from '@/lib/shared/schemas/operators';
import { getOperatorOrThrow } from '../../../operators/get-operator';
import { logInOperator } from '../../../operators/log-in-operator';
import { OPERATOR_COOKIE, OPERATOR_SESSION_SECONDS } from '../../../operators/operator-sessions';
import { defineRoute } from '../../kit/define-route';
import { isSecureCookie } from '../../session-cookie';

export const logInOperatorRoute = defineRoute('POST /api/operator/session.php', {
  access: 'visitor',
  summary: 'Operator login',
  body: OperatorLoginSchema,
  response: { status: 200, description: 'Logged in', schema: OperatorSchema },
  errors: ['login_failed', 'account_locked'],
  handler: async ({ body, ip, c, audit }) => {
    const { token, operatorId } = await logInOperator({ ...body, ip, audit });
    const cookie = { httpOnly: true, sameSite: 'Strict', secure: isSecureCookie(c), path: '/' } as const;
    setCookie(c, OPERATOR_COOKIE, token, { ...cookie, maxAge: OPERATOR_SESSION_SECONDS });
    audit({ action: 'operator.log_in', operatorId, subject: { type: 'operator', id: operatorId } });
    // The console opens once the second factor is given (POST /api/operator/second-factor.php).
    return getOperatorOrThrow({ operatorId, isVerified: false });
  },
});
