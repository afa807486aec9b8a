// POST /api/user.php: log in with e-mail address and password
import { LoginSchema } from '@/lib/shared/schemas/auth';
import { UserResponseSchema } from '@/lib/shared/schemas/user';
import { getUserOrThrow } from '../../../auth/get-user';
import { logIn } from '../../../auth/log-in';
import { defineRoute } from '../../kit/define-route';
import { setSessionCookie } from '../../session-cookie';

export const logInRoute = defineRoute('POST /api/user.php', {
  access: 'visitor',
  summary: 'Log in',
  body: LoginSchema,
  response: { status: 200, description: 'Logged in', schema: UserResponseSchema },
  errors: [
    'login_failed',
    'account_locked',
    'account_pending_deletion',
    'account_suspended',
    'account_banned',
  ],
  handler: async ({ body, ip, locale, c }) => {
    const session = await logIn({ email: body.email, password: body.password, ip, locale });
    setSessionCookie(c, session.token);
    return { user: await getUserOrThrow({ userId: session.userId }) };
  },
});
