// /api/user.php: the logged-in member (GET), logging in (POST), their language (PUT); /api/logout.php
import 'server-only';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { LoginSchema, UpdateUserSchema } from '@/lib/shared/schemas/auth';
import { ApiErrorSchema } from '@/lib/shared/schemas/errors';
import { UserResponseSchema } from '@/lib/shared/schemas/user';
import { getUserOrThrow } from '../../auth/get-user';
import { logIn } from '../../auth/log-in';
import { endSession } from '../../auth/sessions';
import { updateUserLanguage } from '../../auth/update-user-language';
import { AppError } from '../../errors';
import type { ApiEnv } from '../context';
import { clientIp } from '../middleware/request-context';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../session-cookie';
import { errorResponses } from './shared';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const apiError = (description: string) => json(ApiErrorSchema, description);

const getUser = createRoute({
  method: 'get',
  path: '/api/user.php',
  responses: {
    200: json(UserResponseSchema, 'The logged-in member'),
    403: apiError('Not logged in'),
    ...errorResponses,
  },
});

const login = createRoute({
  method: 'post',
  path: '/api/user.php',
  request: { body: { content: { 'application/json': { schema: LoginSchema } }, required: true } },
  responses: {
    200: json(UserResponseSchema, 'Logged in'),
    401: apiError('Login failed'),
    403: apiError('Account pending deletion'),
    423: apiError('Account blocked for some minutes'),
    ...errorResponses,
  },
});

const updateUser = createRoute({
  method: 'put',
  path: '/api/user.php',
  request: { body: { content: { 'application/json': { schema: UpdateUserSchema } }, required: true } },
  responses: { 200: json(UserResponseSchema, 'Saved'), 403: apiError('Not logged in'), ...errorResponses },
});

const logout = createRoute({
  method: 'get',
  path: '/api/logout.php',
  responses: { 200: json(z.object({ ok: z.literal(true) }), 'Logged out'), ...errorResponses },
});

export function registerUser(app: OpenAPIHono<ApiEnv>): void {
  app.openapi(getUser, async (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new AppError('authentication_required');
    c.header('Cache-Control', 'no-store');
    return c.json({ user: await getUserOrThrow({ userId: viewer.userId }) }, 200);
  });

  app.openapi(login, async (c) => {
    const { email, password } = c.req.valid('json');
    const session = await logIn({ email, password, ip: clientIp(c) });
    setSessionCookie(c, session.token);
    c.header('Cache-Control', 'no-store');
    return c.json({ user: await getUserOrThrow({ userId: session.userId }) }, 200);
  });

  app.openapi(updateUser, async (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new AppError('authentication_required');
    await updateUserLanguage({ userId: viewer.userId, language: c.req.valid('json').language });
    return c.json({ user: await getUserOrThrow({ userId: viewer.userId }) }, 200);
  });

  app.openapi(logout, async (c) => {
    const token = readSessionCookie(c);
    if (token) await endSession({ token });
    clearSessionCookie(c);
    c.header('Cache-Control', 'no-store');
    return c.json({ ok: true as const }, 200);
  });
}
