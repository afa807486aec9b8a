import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import type { Locale } from '@/lib/shared/locales';
import type { ErrorCode } from '@/lib/shared/schemas/errors';
import type { AppError } from '../../errors';
import type { OperatorSession } from '../../operators/operator-sessions';
import type { AuditRecord } from '../../operators/write-audit-log';
import type { ApiEnv, Viewer } from '../context';

/**
 * Who may call a route. The route kit, not the endpoint module, enforces it:
 * - `visitor`: anyone; the member behind the session, if any, is at hand;
 * - `member`: a logged-in member, else 403 `authentication_required`;
 * - `confirmed-member`: a logged-in member whose e-mail address is confirmed;
 * - `operator`: a logged-in operator of the operator console (its own login and cookie);
 * - `webhook`: an outside service; no cookies, no Origin check (the handler verifies the call
 *   with the provider instead).
 */
export type Access = 'visitor' | 'member' | 'confirmed-member' | 'operator' | 'webhook';

export type Method = 'get' | 'post' | 'put' | 'delete';

/** A budget of calls per window on top of the write budget every state change spends. */
export interface RateLimitRule {
  /** Name of the budget; routes naming the same budget share it. */
  name: string;
  /** Calls allowed per window, or a function reading it from the configuration. */
  limit: number | (() => number);
  windowSeconds: number;
  /**
   * Whose budget: the member's (the client address for visitors), always the address's, or the
   * subject's a handler names when it spends the budget itself (one payment of a webhook).
   * `memory` budgets are counted in this instance (cheap, for reads); `database` budgets are shared
   * by every instance.
   */
  per: 'member-or-address' | 'address' | 'subject';
  store: 'memory' | 'database';
  /** The answer once the budget is spent, when the route has a more telling one than the kit's 429. */
  refusal?: (retryAfter: number) => AppError;
}

/** The successful answer of a route: JSON, nothing, a redirect, or a file of `media` type. */
export type SuccessSpec =
  | { status: 200 | 201; description: string; schema: z.ZodType }
  | { status: 200; description: string; media: string }
  | { status: 204; description: string }
  | { status: 302; description: string }
  /** A stream the handler serves itself (server-sent events): its Response goes out as it is. */
  | { status: 200; description: string; stream: 'text/event-stream' };

/** What the handler of a member or confirmed-member route gets as `viewer`. */
type ViewerOf<A extends Access> = A extends 'member' | 'confirmed-member'
  ? Viewer
  : A extends 'visitor'
    ? Viewer | null
    : null;

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** A file a route answers with (a private image): its bytes and their exact type. */
export interface FileResult {
  body: Buffer;
  contentType: string;
}

/**
 * What a handler returns: the JSON body, a file, nothing for 204, where to send the browser for 302,
 * or the Response of a stream it serves itself.
 */
export type HandlerResult<R extends SuccessSpec> = R extends { schema: infer S extends z.ZodType }
  ? z.input<S>
  : R extends { media: string }
    ? FileResult
    : R extends { status: 302 }
      ? { redirect: string }
      : R extends { stream: string }
        ? Response
        : void;

/** Everything a handler may use; the kit has checked access, origin, limits and input before. */
export interface RouteContext<A extends Access, Q, B> {
  /** The member behind the request (null for visitors on `visitor` routes). */
  viewer: ViewerOf<A>;
  /** The operator behind the request on `operator` routes. */
  operator: A extends 'operator' ? OperatorSession : null;
  locale: Locale;
  query: Q;
  body: B;
  /** The client's address: the socket's, or the one the trusted proxies appended (see TRUST_PROXY). */
  ip: string;
  /** The Host the request was made for (not trusted for links: see siteOrigin). */
  host: string | null;
  /** The raw request context, for cookies and response headers. */
  c: Context<ApiEnv>;
  /**
   * Records what an operator request changed, for the audit log (the kit writes one row per request
   * of the operator API anyway; each record made here becomes a row of its own instead).
   */
  audit: (record: AuditRecord) => void;
}

export interface RouteSpec<
  A extends Access,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends SuccessSpec,
> {
  access: A;
  /** One line for the API document. */
  summary: string;
  query?: Q;
  /** The JSON body (`application/json`, anything else is 415). */
  body?: B;
  /** The body is a multipart form (uploads) instead of JSON. */
  bodyType?: 'json' | 'multipart';
  /** Whether a JSON body may be left out (beacons). */
  isBodyOptional?: boolean;
  /** Largest accepted body in bytes (64 kB by default). */
  maxBodyBytes?: number;
  /** The error for a body over the limit, when the route has a more telling one than the kit's. */
  bodyTooLarge?: () => AppError;
  response: R;
  /** Error codes this route answers with besides the kit's own, for the API document. */
  errors?: readonly ErrorCode[];
  rateLimit?: RateLimitRule;
  /** Cache-Control of a successful answer; `no-store` unless said otherwise. */
  cacheControl?: string;
  /** More response headers of a successful answer (Vary, …). */
  headers?: Record<string, string>;
  /**
   * The handler hands out shared objects that never change (cached documents such as settings):
   * each is serialised once, sent with an ETag, and a matching If-None-Match gets 304.
   */
  isResultShared?: boolean;
  /** Operator roles allowed on `operator` routes (any role when absent; `admin` may call every one). */
  roles?: readonly string[];
  /** An `operator` route that a session still waiting for its second factor may call. */
  isSecondFactorStep?: boolean;
  /** Left out of the public API document (development tools). */
  isHidden?: boolean;
  /** While this says no, the route answers 404 as if it did not exist, before looking at the request. */
  isEnabled?: () => boolean;
  handler: (ctx: RouteContext<A, Infer<Q>, Infer<B>>) => Promise<HandlerResult<R>>;
}

/**
 * A query parameter that must have one value for a request to reach a route: `POST /api/user.php?push=1`
 * registers a push subscription while `POST /api/user.php` logs in (spec §7).
 */
export interface QueryFlag {
  name: string;
  value: string;
}

/** A declared route, as the registry and the kit see it: the spec with its types erased. */
export type Route = Omit<
  RouteSpec<Access, z.ZodType | undefined, z.ZodType | undefined, SuccessSpec>,
  'handler'
> & {
  method: Method;
  path: string;
  /** The query flag that selects this route among the routes of its method and path. */
  flag?: QueryFlag;
  handler: (ctx: RouteContext<Access, unknown, unknown>) => Promise<unknown>;
};

/** A route's method and path, as in `GET /api/user.php`, with an optional flag: `POST /api/user.php?push=1`. */
export type RouteKey = `${Uppercase<Method>} /api/${string}`;

/** How a route is named in messages, tests and the API document: `POST /api/user.php?push=1`. */
export function routeLabel(route: Pick<Route, 'method' | 'path' | 'flag'>): string {
  return `${route.method.toUpperCase()} ${routeAddress(route)}`;
}

/** The route's path with its flag, as the API document lists it: `/api/user.php?push=1`. */
export function routeAddress(route: Pick<Route, 'path' | 'flag'>): string {
  return route.flag ? `${route.path}?${route.flag.name}=${route.flag.value}` : route.path;
}

/** The route's query schema with its flag as a required field, so the flag is validated and documented. */
function withFlag(query: z.ZodType | undefined, flag: QueryFlag): z.ZodType {
  const field = { [flag.name]: z.literal(flag.value) };
  if (!query) return z.object(field);
  if (query instanceof z.ZodObject) return query.extend(field);
  throw new Error(`The query of a flagged route (?${flag.name}=${flag.value}) must be an object schema`);
}

/**
 * Declares an API route: `defineRoute('GET /api/user.php', { access: 'member', … })`. `access` is
 * required: a route that does not say who may call it does not compile. The handler's input and
 * output types follow from the schemas. A key with a query flag (`POST /api/user.php?push=1`)
 * declares a route that answers only requests carrying that flag.
 */
export function defineRoute<
  A extends Access,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends SuccessSpec = SuccessSpec,
>(key: RouteKey, spec: RouteSpec<A, Q, B, R>): Route {
  const [method = '', address = ''] = key.split(' ');
  const [path = '', search] = address.split('?');
  const route = {
    ...(spec as unknown as Omit<Route, 'method' | 'path'>),
    method: method.toLowerCase() as Method,
    path,
  };
  if (search === undefined) return route;
  const params = [...new URLSearchParams(search)];
  const [name, value] = params[0] ?? [];
  if (params.length !== 1 || !name || !value)
    throw new Error(`${key}: a route takes one query flag, name=value`);
  const flag = { name, value };
  return { ...route, flag, query: withFlag(route.query, flag) };
}
