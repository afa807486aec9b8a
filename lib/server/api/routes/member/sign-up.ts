// POST /api/signup.php: create an account, log it in and mail the activation link
import { cleanTracking } from '@/lib/shared/attribution';
import { SignupSchema } from '@/lib/shared/schemas/auth';
import { UserResponseSchema } from '@/lib/shared/schemas/user';
import { getUserOrThrow } from '../../../auth/get-user';
import { signUp } from '../../../auth/sign-up';
import { requestAttribution } from '../../attribution-cookies';
import { defineRoute } from '../../kit/define-route';
import { linkOrigin, setSessionCookie } from '../../session-cookie';

export const signUpRoute = defineRoute('POST /api/signup.php', {
  access: 'visitor',
  summary: 'Sign up',
  body: SignupSchema,
  response: { status: 201, description: 'Account created', schema: UserResponseSchema },
  errors: ['signups_closed', 'email_taken', 'field_invalid'],
  handler: async ({ body, host, ip, c }) => {
    // The browser sends the stored traffic source; the cookie stands in when it did not.
    const { tracking, lander } = requestAttribution(c);
    const sent = cleanTracking(body.tracking);
    const input = { ...body, tracking: sent ?? tracking ?? undefined };
    const session = await signUp({ input, host, origin: await linkOrigin(c), ip, lander });
    setSessionCookie(c, session.token);
    return { user: await getUserOrThrow({ userId: session.userId }) };
  },
});
