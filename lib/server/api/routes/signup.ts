// POST /api/signup.php: create an account, log it in and mail the activation link
import 'server-only';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { SignupSchema } from '@/lib/shared/schemas/auth';
import { ApiErrorSchema } from '@/lib/shared/schemas/errors';
import { UserResponseSchema } from '@/lib/shared/schemas/user';
import { getUserOrThrow } from '../../auth/get-user';
import { signUp } from '../../auth/sign-up';
import type { ApiEnv } from '../context';
import { clientIp } from '../middleware/request-context';
import { requestOrigin, setSessionCookie } from '../session-cookie';
import { errorResponses } from './shared';

const route = createRoute({
  method: 'post',
  path: '/api/signup.php',
  request: { body: { content: { 'application/json': { schema: SignupSchema } }, required: true } },
  responses: {
    201: { description: 'Account created', content: { 'application/json': { schema: UserResponseSchema } } },
    403: {
      description: 'Signups are invite-only',
      content: { 'application/json': { schema: ApiErrorSchema } },
    },
    409: {
      description: 'E-mail address in use',
      content: { 'application/json': { schema: ApiErrorSchema } },
    },
    ...errorResponses,
  },
});

export function registerSignup(app: OpenAPIHono<ApiEnv>): void {
  app.openapi(route, async (c) => {
    const session = await signUp({
      input: c.req.valid('json'),
      host: c.req.header('host') ?? null,
      origin: requestOrigin(c),
      ip: clientIp(c),
    });
    setSessionCookie(c, session.token);
    c.header('Cache-Control', 'no-store');
    return c.json({ user: await getUserOrThrow({ userId: session.userId }) }, 201);
  });
}
