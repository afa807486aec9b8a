// GET /api/activate.php: the e-mailed activation link; POST /api/activation-mail.php: send a new one
import 'server-only';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { activateAccount } from '../../auth/activate-account';
import { sendActivationMail } from '../../auth/send-activation-mail';
import { AppError } from '../../errors';
import type { ApiEnv } from '../context';
import { requestOrigin } from '../session-cookie';
import { errorResponses } from './shared';

const activate = createRoute({
  method: 'get',
  path: '/api/activate.php',
  request: { query: z.object({ token: z.string().max(128).optional() }) },
  responses: { 302: { description: 'To /activate/done or /activate/error' } },
});

const resend = createRoute({
  method: 'post',
  path: '/api/activation-mail.php',
  responses: { 204: { description: 'Sent' }, ...errorResponses },
});

export function registerActivation(app: OpenAPIHono<ApiEnv>): void {
  app.openapi(activate, async (c) => {
    const { token } = c.req.valid('query');
    const isDone = token ? await activateAccount({ token }) : false;
    c.header('Cache-Control', 'no-store');
    return c.redirect(isDone ? '/activate/done' : '/activate/error', 302);
  });

  app.openapi(resend, async (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new AppError('authentication_required');
    await sendActivationMail({
      userId: viewer.userId,
      host: c.req.header('host') ?? null,
      origin: requestOrigin(c),
    });
    return c.body(null, 204);
  });
}
