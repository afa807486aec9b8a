// GET /api/user.php: the logged-in member; GET /api/logout.php: ends the session
import 'server-only';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { deleteCookie, getCookie } from 'hono/cookie';
import { z } from 'zod';
import { AUTH_COOKIE_PREFIX } from '@/lib/shared/constants';
import { ApiErrorSchema } from '@/lib/shared/schemas/errors';
import { UserResponseSchema } from '@/lib/shared/schemas/user';
import { AppError } from '../../errors';
import type { ApiEnv } from '../context';
import { errorResponses } from './shared';

const getUser = createRoute({
  method: 'get',
  path: '/api/user.php',
  responses: {
    200: {
      description: 'The logged-in member',
      content: { 'application/json': { schema: UserResponseSchema } },
    },
    403: { description: 'Not logged in', content: { 'application/json': { schema: ApiErrorSchema } } },
    ...errorResponses,
  },
});

const logout = createRoute({
  method: 'get',
  path: '/api/logout.php',
  responses: {
    200: {
      description: 'Logged out',
      content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } },
    },
    ...errorResponses,
  },
});

export function registerUser(app: OpenAPIHono<ApiEnv>): void {
  app.openapi(getUser, (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new AppError('authentication_required');
    // A viewer exists only once the accounts domain resolves sessions; it then answers here.
    throw new AppError('not_found');
  });

  app.openapi(logout, (c) => {
    for (const name of Object.keys(getCookie(c))) {
      if (name.startsWith(AUTH_COOKIE_PREFIX)) deleteCookie(c, name, { path: '/' });
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ ok: true as const }, 200);
  });
}
