import 'server-only';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { TIME_ZONE_COOKIE } from '@/lib/shared/time-zones';
import { findSessionUser } from '../../auth/sessions';
import { AppError } from '../../errors';
import { viewerCacheDrops } from '../../members/viewer-caches';
import {
  findOperatorSession,
  OPERATOR_COOKIE,
  type OperatorSession,
} from '../../operators/operator-sessions';
import { countRefusedCall } from '../../operators/count-refused-call';
import { checkRefusedCalls, spendRefusedCall } from '../../operators/limit-refused-calls';
import { writeAuditLog, type AuditRecord } from '../../operators/write-audit-log';
import type { ApiEnv, Viewer } from '../context';
import { errorResponse } from '../errors';
import { readFreshAfterCookie, setFreshAfterCookie } from '../fresh-reads-cookie';
import { readSessionCookie } from '../session-cookie';
import { routeLabel, type Access, type FileResult, type RateLimitRule, type Route } from './define-route';
import { describeRoute } from './describe-route';
import { readInput } from './read-input';
import {
  checkOrigin,
  clientIp,
  rateLimited,
  requestLocale,
  spendRateLimits,
  WRITE_BUDGET,
} from './request-guards';

/** The API's groups: each is mounted under its own prefix and takes only its kinds of access. */
export const ROUTE_GROUPS = {
  member: { prefix: '/api/', access: ['visitor', 'member', 'confirmed-member'] },
  webhook: { prefix: '/api/webhooks/', access: ['webhook'] },
  // The operator login is the one route of the group a visitor may call.
  operator: { prefix: '/api/operator/', access: ['operator', 'visitor'] },
} as const satisfies Record<string, { prefix: string; access: readonly Access[] }>;
export type RouteGroup = keyof typeof ROUTE_GROUPS;

/** JSON bodies at least this long are compressed when the client accepts it. */
const COMPRESS_FROM_BYTES = 1_024;

const isStateChanging = (route: Route) => route.method !== 'get';

/** The member behind the request, as the route's access demands. */
async function memberFor(c: Context<ApiEnv>, access: Access): Promise<Viewer | null> {
  const token = readSessionCookie(c);
  const viewer = token
    ? await findSessionUser({ token, timeZone: getCookie(c, TIME_ZONE_COOKIE) ?? null })
    : null;
  if (access === 'visitor') return viewer;
  if (!viewer) throw new AppError('authentication_required');
  if (access === 'confirmed-member' && !viewer.isConfirmed) throw new AppError('email_not_confirmed');
  return viewer;
}

/** The operator behind the request, if any (the login route of the group takes visitors). */
async function operatorSessionOf(c: Context<ApiEnv>): Promise<OperatorSession | null> {
  const token = getCookie(c, OPERATOR_COOKIE);
  return token ? findOperatorSession({ token }) : null;
}

/** Whether the operator may call the route: their session complete, and their role among its roles. */
function checkOperator(operator: OperatorSession | null, route: Route): OperatorSession {
  if (!operator) throw new AppError('authentication_required');
  if (!operator.isVerified && !route.isSecondFactorStep) throw new AppError('second_factor_required');
  if (route.roles && operator.role !== 'admin' && !route.roles.includes(operator.role))
    throw new AppError('forbidden');
  return operator;
}

/** Compresses a JSON text with brotli or gzip when the client accepts one and it is worth it. */
function encodeJson(c: Context<ApiEnv>, text: string): { body: string | Uint8Array; encoding?: string } {
  if (text.length < COMPRESS_FROM_BYTES) return { body: text };
  const accepted = c.req.header('accept-encoding') ?? '';
  if (/\bbr\b/.test(accepted)) {
    const body = brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } });
    return { body: new Uint8Array(body), encoding: 'br' };
  }
  if (/\bgzip\b/.test(accepted))
    return { body: new Uint8Array(gzipSync(text, { level: 6 })), encoding: 'gzip' };
  return { body: text };
}

/** The JSON text and ETag of each shared result object, made once (see isResultShared). */
const serialized = new WeakMap<object, { text: string; etag: string }>();

function serializeShared(result: object): { text: string; etag: string } {
  let hit = serialized.get(result);
  if (!hit) {
    const text = JSON.stringify(result);
    hit = { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
    serialized.set(result, hit);
  }
  return hit;
}

function respond(c: Context<ApiEnv>, route: Route, result: unknown): Response {
  if ('stream' in route.response) {
    const stream = result as Response;
    stream.headers.set('Cache-Control', route.cacheControl ?? 'no-store');
    for (const [name, value] of Object.entries(route.headers ?? {})) stream.headers.set(name, value);
    return stream;
  }
  c.header('Cache-Control', route.cacheControl ?? 'no-store');
  for (const [name, value] of Object.entries(route.headers ?? {})) c.header(name, value);
  const { response } = route;
  if (response.status === 204) return c.body(null, 204);
  if (response.status === 302) return c.redirect((result as { redirect: string }).redirect, 302);
  if ('media' in response) {
    const file = result as FileResult;
    c.header('Content-Type', file.contentType);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Security-Policy', "default-src 'none'; sandbox");
    return c.body(new Uint8Array(file.body), 200);
  }
  let text: string;
  if (route.isResultShared && typeof result === 'object' && result !== null) {
    const shared = serializeShared(result);
    c.header('ETag', shared.etag);
    if (c.req.header('if-none-match') === shared.etag) return c.body(null, 304);
    text = shared.text;
  } else {
    text = JSON.stringify(result);
  }
  const { body, encoding } = encodeJson(c, text);
  c.header('Content-Type', 'application/json');
  c.header('Vary', 'Accept-Encoding', { append: true });
  if (encoding) c.header('Content-Encoding', encoding);
  return c.newResponse(body as string, response.status);
}

/**
 * Puts an operator-API request on record. A request an operator session stood behind, or one its
 * handler recorded (a login, failed ones too: they name the account tried), gets its audit rows;
 * any other (anyone may knock) is counted per hour and address instead. A refusal of a caller
 * without a complete session spends from the address's budget of refused calls.
 */
async function recordOperatorCall(options: {
  route: string;
  status: number;
  ip: string;
  session: OperatorSession | null;
  records: readonly AuditRecord[];
  /** The request was held back by that very budget: it is counted, not spent again. */
  isHeldBack: boolean;
}): Promise<void> {
  const { route, status, ip, session, records } = options;
  const isRefused = status >= 400 && status < 500;
  await Promise.all([
    isRefused && !session?.isVerified && !options.isHeldBack ? spendRefusedCall({ ip }) : null,
    session || records.length
      ? writeAuditLog({ operatorId: session?.operatorId ?? null, route, status, ip, records })
      : countRefusedCall({ ip, route, status }),
  ]);
}

/** The whole pipeline of one route: access, origin, limits, input, handler, answer. */
function handlerFor(route: Route) {
  const isOperatorApi = route.path.startsWith(ROUTE_GROUPS.operator.prefix);
  const label = routeLabel(route);
  return async (c: Context<ApiEnv>): Promise<Response> => {
    const records: AuditRecord[] = [];
    let operatorSession: OperatorSession | null = null;
    let isHeldBack = false;
    let response: Response;
    try {
      if (route.isEnabled && !route.isEnabled()) throw new AppError('not_found');
      const isWebhook = route.access === 'webhook';
      c.set('locale', isWebhook ? 'en' : await requestLocale(c));
      if (isOperatorApi) {
        operatorSession = await operatorSessionOf(c);
        // The console speaks the operator's language, the member site's cookie aside.
        if (operatorSession) c.set('locale', operatorSession.locale);
        // An address refused too often waits, unless an operator's complete session is behind the call.
        if (!operatorSession?.isVerified) {
          const budget = await checkRefusedCalls({ ip: clientIp(c) });
          isHeldBack = !budget.allowed;
          if (isHeldBack) throw rateLimited(budget.retryAfter);
        }
      }
      if (isStateChanging(route) && !isWebhook) await checkOrigin(c);
      const viewer = route.access === 'operator' || isWebhook ? null : await memberFor(c, route.access);
      const operator = route.access === 'operator' ? checkOperator(operatorSession, route) : null;
      c.set('viewer', viewer);
      if (viewer) readFreshAfterCookie(c, viewer.userId);
      const ip = clientIp(c);
      const userId = viewer?.userId ?? null;
      // Every state change spends from its address's write budget, together with the route's own.
      const budgets = [isStateChanging(route) && !isWebhook ? WRITE_BUDGET : null, route.rateLimit ?? null];
      const rules = budgets.filter((rule): rule is RateLimitRule => rule !== null);
      if (rules.length > 0) await spendRateLimits({ rules, ip, userId });
      const locale = c.get('locale');
      const { query, body } = await readInput(c, route, locale);
      const host = c.req.header('host') ?? null;
      const audit = (record: AuditRecord) => void records.push(record);
      const drops = viewerCacheDrops();
      const result = await route.handler({ viewer, operator, locale, query, body, ip, host, c, audit });
      // A member's change that dropped kept answers (or ran beside another that did).
      if (viewer && isStateChanging(route) && viewerCacheDrops() !== drops) setFreshAfterCookie(c);
      response = respond(c, route, result);
    } catch (error) {
      response = errorResponse(c, error);
    }
    if (isOperatorApi) {
      // Every request of the operator API is on record, refused ones too.
      await recordOperatorCall({
        route: label,
        status: response.status,
        ip: clientIp(c),
        session: operatorSession,
        records,
        isHeldBack,
      }).catch((error: unknown) => console.error(`[audit] ${label} not recorded:`, error));
    }
    return response;
  };
}

/** The answer to a request that carries no route's flag where no route without a flag exists. */
async function notFound(c: Context<ApiEnv>): Promise<Response> {
  c.set('locale', await requestLocale(c).catch(() => 'en' as const));
  return errorResponse(c, new AppError('not_found', { log: `No route ${c.req.method} ${c.req.url}` }));
}

/**
 * One handler for the routes that share a method and path: a request carrying a route's query flag
 * goes to that route, any other to the route without a flag (404 when there is none).
 */
function dispatcherFor(routes: readonly Route[]) {
  const flagged = routes.filter((route) => route.flag).map((route) => ({ route, handle: handlerFor(route) }));
  const plain = routes.find((route) => !route.flag);
  const fallback = plain ? handlerFor(plain) : notFound;
  if (!flagged.length) return fallback;
  return (c: Context<ApiEnv>) => {
    const chosen = flagged.find(
      ({ route }) => route.flag && c.req.query(route.flag.name) === route.flag.value,
    );
    return (chosen?.handle ?? fallback)(c);
  };
}

/**
 * Mounts a group's routes: each is served by the kit's pipeline and described in the API document.
 * A route outside its group's prefix or with an access the group does not take stops the start, as
 * do two routes of one method and path that a request could not tell apart.
 */
export function mountRoutes(app: OpenAPIHono<ApiEnv>, group: RouteGroup, routes: readonly Route[]): void {
  const { prefix, access } = ROUTE_GROUPS[group];
  const byAddress = new Map<string, Route[]>();
  const labels = new Set<string>();
  for (const route of routes) {
    const isOtherGroup = Object.values(ROUTE_GROUPS).some(
      (other) => other.prefix.length > prefix.length && route.path.startsWith(other.prefix),
    );
    if (
      !route.path.startsWith(prefix) ||
      isOtherGroup ||
      !(access as readonly Access[]).includes(route.access)
    ) {
      throw new Error(
        `${route.method.toUpperCase()} ${route.path} (${route.access}) does not belong to the ${group} API`,
      );
    }
    const label = routeLabel(route);
    if (labels.has(label)) throw new Error(`${label} is declared twice`);
    labels.add(label);
    const key = `${route.method} ${route.path}`;
    byAddress.set(key, [...(byAddress.get(key) ?? []), route]);
    if (!route.isHidden) app.openAPIRegistry.registerPath(describeRoute(route));
  }
  for (const same of byAddress.values()) {
    const first = same[0];
    if (first) app.on(first.method.toUpperCase(), first.path, dispatcherFor(same));
  }
}
