// The account's own settings: POST /api/password.php, /api/mail-change.php, /api/mail-change-do.php,
// /api/account-deletion.php; GET /api/reactivate.php (the e-mailed reactivation link)
import 'server-only';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  AccountDeletionSchema,
  ChangePasswordSchema,
  MailChangeConfirmSchema,
  MailChangeSchema,
} from '@/lib/shared/schemas/auth';
import { ApiErrorSchema } from '@/lib/shared/schemas/errors';
import { changePassword } from '../../auth/change-password';
import { confirmMailChange } from '../../auth/confirm-mail-change';
import { deleteAccount } from '../../auth/delete-account';
import { reactivateAccount } from '../../auth/reactivate-account';
import { requestMailChange } from '../../auth/request-mail-change';
import { AppError } from '../../errors';
import type { ApiEnv } from '../context';
import { clearSessionCookie, readSessionCookie, requestOrigin } from '../session-cookie';
import { errorResponses } from './shared';

const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const apiError = (description: string) => ({
  description,
  content: { 'application/json': { schema: ApiErrorSchema } },
});
const done = { 204: { description: 'Done' }, 403: apiError('Not logged in'), ...errorResponses };

const password = createRoute({
  method: 'post',
  path: '/api/password.php',
  request: body(ChangePasswordSchema),
  responses: done,
});
const mailChange = createRoute({
  method: 'post',
  path: '/api/mail-change.php',
  request: body(MailChangeSchema),
  responses: { ...done, 409: apiError('Address in use') },
});
const mailChangeDo = createRoute({
  method: 'post',
  path: '/api/mail-change-do.php',
  request: body(MailChangeConfirmSchema),
  responses: {
    204: { description: 'Address changed' },
    409: apiError('Address in use'),
    410: apiError('Link expired or invalid'),
    ...errorResponses,
  },
});
const deletion = createRoute({
  method: 'post',
  path: '/api/account-deletion.php',
  request: body(AccountDeletionSchema),
  responses: done,
});
const reactivate = createRoute({
  method: 'get',
  path: '/api/reactivate.php',
  request: { query: z.object({ token: z.string().max(128).optional() }) },
  responses: { 302: { description: 'To /login, saying whether the account is back' } },
});

function viewerId(c: { get: (key: 'viewer') => { userId: number } | null }): number {
  const viewer = c.get('viewer');
  if (!viewer) throw new AppError('authentication_required');
  return viewer.userId;
}

export function registerAccount(app: OpenAPIHono<ApiEnv>): void {
  app.openapi(password, async (c) => {
    const input = c.req.valid('json');
    await changePassword({
      userId: viewerId(c),
      oldPassword: input.old_password,
      newPassword: input.new_password,
      currentToken: readSessionCookie(c) ?? '',
    });
    return c.body(null, 204);
  });

  app.openapi(mailChange, async (c) => {
    const input = c.req.valid('json');
    await requestMailChange({
      userId: viewerId(c),
      newEmail: input.new_email,
      password: input.password,
      host: c.req.header('host') ?? null,
      origin: requestOrigin(c),
    });
    return c.body(null, 204);
  });

  app.openapi(mailChangeDo, async (c) => {
    await confirmMailChange({ token: c.req.valid('json').token });
    return c.body(null, 204);
  });

  app.openapi(deletion, async (c) => {
    const input = c.req.valid('json');
    await deleteAccount({
      userId: viewerId(c),
      password: input.password,
      reason: input.reason,
      comment: input.comment,
      host: c.req.header('host') ?? null,
      origin: requestOrigin(c),
    });
    clearSessionCookie(c);
    return c.body(null, 204);
  });

  app.openapi(reactivate, async (c) => {
    const { token } = c.req.valid('query');
    const isBack = token ? await reactivateAccount({ token }) : false;
    c.header('Cache-Control', 'no-store');
    return c.redirect(isBack ? '/login?reactivated=1' : '/login?reactivation=failed', 302);
  });
}
