import 'server-only';
import type { RouteConfig } from '@hono/zod-openapi';
import { type z } from 'zod';
import { ApiErrorSchema, type ErrorCode } from '@/lib/shared/schemas/errors';
import { ERROR_STATUS } from '../../errors';
import { routeAddress, type Route } from './define-route';

/** The error codes the kit itself may answer a route with. */
function kitErrors(route: Route): ErrorCode[] {
  const codes: ErrorCode[] = ['rate_limited', 'internal_error', 'service_unavailable'];
  if (route.access === 'member' || route.access === 'operator') codes.push('authentication_required');
  if (route.access === 'confirmed-member') codes.push('authentication_required', 'email_not_confirmed');
  if (route.access === 'operator' && route.roles) codes.push('forbidden');
  if (route.method !== 'get' && route.access !== 'webhook') codes.push('origin_rejected');
  if (route.query || route.body) codes.push('validation_failed');
  if (route.body) codes.push('payload_too_large', 'unsupported_media_type');
  if (route.body && route.bodyType !== 'multipart') codes.push('invalid_json');
  return codes;
}

/** The route as the OpenAPI document shows it: input, the successful answer and every error. */
export function describeRoute(route: Route): RouteConfig {
  const byStatus = new Map<number, Set<ErrorCode>>();
  for (const code of [...kitErrors(route), ...(route.errors ?? [])]) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, (byStatus.get(status) ?? new Set()).add(code));
  }
  const responses: RouteConfig['responses'] = {};
  const { response } = route;
  responses[response.status] =
    'schema' in response
      ? { description: response.description, content: { 'application/json': { schema: response.schema } } }
      : 'media' in response
        ? {
            description: response.description,
            content: { [response.media]: { schema: { type: 'string', format: 'binary' } } },
          }
        : 'stream' in response
          ? {
              description: response.description,
              content: { [response.stream]: { schema: { type: 'string' } } },
            }
          : { description: response.description };
  for (const [status, codes] of byStatus) {
    responses[status] = {
      description: [...codes].join(', '),
      content: { 'application/json': { schema: ApiErrorSchema } },
    };
  }
  const mediaType = route.bodyType === 'multipart' ? 'multipart/form-data' : 'application/json';
  return {
    method: route.method,
    // OpenAPI has one operation per method and path: a flagged route is listed under its path with
    // the flag (`/api/user.php?push=1`), the way the spec names it.
    path: routeAddress(route),
    summary: route.summary,
    // Who may call it: a member's session, or an operator's (the console's own cookie).
    security:
      route.access === 'member' || route.access === 'confirmed-member'
        ? [{ session: [] }]
        : route.access === 'operator'
          ? [{ operator: [] }]
          : undefined,
    request: {
      query: route.query as z.ZodObject | undefined,
      body: route.body
        ? { content: { [mediaType]: { schema: route.body } }, required: !route.isBodyOptional }
        : undefined,
    },
    responses,
  };
}
