// GET /api/dev/outbox.php: the newest mails in the outbox; development and browser tests only
import 'server-only';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { AppError } from '../../errors';
import { listOutbox } from '../../mail/list-outbox';
import { mailConfig } from '../../mail/mail-config';
import type { ApiEnv } from '../context';
import { errorResponses } from './shared';

const DevOutboxSchema = z.object({
  mails: z.array(
    z.object({
      id: z.number().int(),
      to: z.string(),
      kind: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
      links: z.array(z.string()),
      created_at: z.string(),
    }),
  ),
});

// Mails hold sign-in links: outside development the route does not exist unless switched on. This
// runs before the query is validated, so a refused request looks like any unknown path.
const onlyWhenViewEnabled: MiddlewareHandler<ApiEnv> = async (_c, next) => {
  if (!mailConfig().isOutboxViewEnabled) throw new AppError('not_found');
  await next();
};

const route = createRoute({
  method: 'get',
  path: '/api/dev/outbox.php',
  // A development tool: it stays out of the public API document.
  hide: true,
  middleware: [onlyWhenViewEnabled] as const,
  request: {
    query: z.object({
      to: z.string().trim().min(1).max(320).optional(),
      limit: z.coerce.number().int().min(1).max(200).optional(),
    }),
  },
  responses: {
    200: { description: 'Newest mails first', content: { 'application/json': { schema: DevOutboxSchema } } },
    ...errorResponses,
  },
});

export function registerDevOutbox(app: OpenAPIHono<ApiEnv>): void {
  app.openapi(route, async (c) => {
    const { to, limit } = c.req.valid('query');
    const mails = await listOutbox({ to, limit });
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        mails: mails.map((mail) => ({
          id: mail.id,
          to: mail.to,
          kind: mail.kind,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          links: mail.links,
          created_at: mail.createdAt.toISOString(),
        })),
      },
      200,
    );
  });
}
