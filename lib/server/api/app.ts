import 'server-only';
import { OpenAPIHono } from '@hono/zod-openapi';
import { AppError } from '../errors';
import type { ApiEnv } from './context';
import { errorResponse } from './errors';
import { mountRoutes, type RouteGroup } from './kit/mount-routes';
import { requestLocale } from './kit/request-guards';
import { ROUTES } from './route-registry';

/** The JSON API under /api: the member API, webhooks and the operator API, the document and errors. */
export function createApiApp(): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>();
  app.use('*', async (c, next) => {
    c.set('locale', 'en');
    c.header('X-Content-Type-Options', 'nosniff');
    await next();
  });
  for (const [group, routes] of Object.entries(ROUTES)) mountRoutes(app, group as RouteGroup, routes);
  app.openAPIRegistry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'auth_session',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'operatorSession', {
    type: 'apiKey',
    in: 'cookie',
    name: 'auth_operator',
    description: 'The operator console’s session, after the second factor',
  });
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Lovelane API',
      version: '1.0.0',
      description: 'The JSON API of the dating and chat app.',
    },
  });
  app.notFound(async (c) => {
    c.set('locale', await requestLocale(c).catch(() => 'en' as const));
    return errorResponse(c, new AppError('not_found', { log: `No route ${c.req.method} ${c.req.path}` }));
  });
  app.onError((error, c) => errorResponse(c, error));
  return app;
}
