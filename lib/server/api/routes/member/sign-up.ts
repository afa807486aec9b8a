// POST /api/signup.php: create an account, log it in and mail the activation link
import { SignupSchema } from '@/lib/shared/schemas/auth';
import { UserResponseSchema } from '@/lib/shared/schemas/user';
import { getUserOrThrow } from '../../../auth/get-user';
import { signUp } from '../../../auth/sign-up';
import { defineRoute } from '../../kit/define-route';
import { linkOrigin, setSessionCookie } from '../../session-cookie';

export const signUpRoute = defineRoute('POST /api/signup.php', {
  access: 'visitor',
  summary: 'Sign up',
  body: SignupSchema,
  response: { status: 201, description: 'Account created', schema: UserResponseSchema },
  errors: ['signups_closed', 'email_taken', 'field_invalid'],
  handler: async ({ body, host, ip, c }) => {
    const session = await signUp({ input: body, host, origin: await linkOrigin(c), ip });
    setSessionCookie(c, session.token);
    return { user: await getUserOrThrow({ userId: session.userId }) };
  },
});
