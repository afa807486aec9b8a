// POST /api/password-reset.php: mail a reset link; POST /api/password-reset-do.php: set the new password
import 'server-only';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { PasswordResetRequestSchema, PasswordResetSchema } from '@/lib/shared/schemas/auth';
import { ApiErrorSchema } from '@/lib/shared/schemas/errors';
import { requestPasswordReset } from '../../auth/request-password-reset';
import { resetPassword } from '../../auth/reset-password';
import type { ApiEnv } from '../context';
import { clientIp } from '../middleware/request-context';
import { requestOrigin } from '../session-cookie';
import { errorResponses } from './shared';

const apiError = (description: string) => ({
  description,
  content: { 'application/json': { schema: ApiErrorSchema } },
});

const request = createRoute({
  method: 'post',
  path: '/api/password-reset.php',
  request: {
    body: { content: { 'application/json': { schema: PasswordResetRequestSchema } }, required: true },
  },
  responses: {
    204: { description: 'Link sent' },
    404: apiError('E-mail address not found'),
    ...errorResponses,
  },
});

const reset = createRoute({
  method: 'post',
  path: '/api/password-reset-do.php',
  request: { body: { content: { 'application/json': { schema: PasswordResetSchema } }, required: true } },
  responses: {
    204: { description: 'Password changed' },
    410: apiError('Link expired or invalid'),
    ...errorResponses,
  },
});

export function registerPasswordReset(app: OpenAPIHono<ApiEnv>): void {
  app.openapi(request, async (c) => {
    await requestPasswordReset({
      email: c.req.valid('json').email,
      host: c.req.header('host') ?? null,
      origin: requestOrigin(c),
      ip: clientIp(c),
    });
    return c.body(null, 204);
  });

  app.openapi(reset, async (c) => {
    const body = c.req.valid('json');
    await resetPassword({ token: body.token, password: body.password, passwordRepeat: body.password_repeat });
    return c.body(null, 204);
  });
}
