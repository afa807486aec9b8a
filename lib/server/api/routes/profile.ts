// /api/profile.php: the member's own profile (GET) and changes to it (PUT)
import 'server-only';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { ApiErrorSchema } from '@/lib/shared/schemas/errors';
import { OwnProfileSchema, ProfileUpdateSchema } from '@/lib/shared/schemas/profile';
import { AppError } from '../../errors';
import { getOwnProfileOrThrow } from '../../members/get-own-profile';
import { updateOwnProfile } from '../../members/update-own-profile';
import type { ApiEnv } from '../context';
import { errorResponses } from './shared';

const profile = {
  description: 'The member’s own profile',
  content: { 'application/json': { schema: OwnProfileSchema } },
};
const notLoggedIn = {
  description: 'Not logged in',
  content: { 'application/json': { schema: ApiErrorSchema } },
};

const read = createRoute({
  method: 'get',
  path: '/api/profile.php',
  responses: { 200: profile, 403: notLoggedIn, ...errorResponses },
});
const update = createRoute({
  method: 'put',
  path: '/api/profile.php',
  request: { body: { content: { 'application/json': { schema: ProfileUpdateSchema } }, required: true } },
  responses: { 200: profile, 403: notLoggedIn, ...errorResponses },
});

export function registerProfile(app: OpenAPIHono<ApiEnv>): void {
  app.openapi(read, async (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new AppError('authentication_required');
    c.header('Cache-Control', 'no-store');
    return c.json(await getOwnProfileOrThrow({ userId: viewer.userId }), 200);
  });

  app.openapi(update, async (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new AppError('authentication_required');
    return c.json(await updateOwnProfile({ userId: viewer.userId, changes: c.req.valid('json') }), 200);
  });
}
