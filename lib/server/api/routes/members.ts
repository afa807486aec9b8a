// Members: search (/api/members.php), one member (/api/member.php), blocking (/api/block.php, /api/blocks.php)
import 'server-only';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  BlockedMembersSchema,
  BlockRequestSchema,
  MemberDetailSchema,
  SearchQuerySchema,
  SearchResponseSchema,
} from '@/lib/shared/schemas/members';
import { env } from '../../env';
import { AppError } from '../../errors';
import { blockMember, listBlockedMembers, unblockMember } from '../../members/blocks';
import { getMemberOrThrow } from '../../members/get-member';
import { TRACKING_COOKIE } from '@/lib/shared/schemas/auth';
import { hasTrafficSource, maySearch } from '../../members/search-access';
import { searchMembers } from '../../members/search-members';
import { getSettings } from '../../settings/get-settings';
import { hitMemoryRateLimit } from '../../security/memory-rate-limit';
import type { ApiEnv } from '../context';
import { clientIp } from '../middleware/request-context';
import { errorResponses } from './shared';

const json = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema } },
});

const search = createRoute({
  method: 'get',
  path: '/api/members.php',
  request: { query: SearchQuerySchema },
  responses: { 200: json('One page of matching members', SearchResponseSchema), ...errorResponses },
});
const member = createRoute({
  method: 'get',
  path: '/api/member.php',
  request: { query: z.object({ id: z.coerce.number().int().positive() }) },
  responses: { 200: json('One member’s page', MemberDetailSchema), ...errorResponses },
});
const block = createRoute({
  method: 'post',
  path: '/api/block.php',
  request: { body: { content: { 'application/json': { schema: BlockRequestSchema } }, required: true } },
  responses: { 204: { description: 'Blocked' }, ...errorResponses },
});
const unblock = createRoute({
  method: 'delete',
  path: '/api/block.php',
  request: { body: { content: { 'application/json': { schema: BlockRequestSchema } }, required: true } },
  responses: { 204: { description: 'Unblocked' }, ...errorResponses },
});
const blocked = createRoute({
  method: 'get',
  path: '/api/blocks.php',
  responses: { 200: json('Members the viewer blocked', BlockedMembersSchema), ...errorResponses },
});

/** Member searches and pages are limited per member, or per address for visitors (against scraping). */
function limitMemberReads(c: Context<ApiEnv>): void {
  const viewer = c.get('viewer');
  const result = hitMemoryRateLimit({
    key: viewer ? `member-reads:u${viewer.userId}` : `member-reads:${clientIp(c)}`,
    limit: env().RATE_LIMIT_MEMBER_READS_PER_MINUTE,
    windowSeconds: 60,
  });
  if (!result.allowed) {
    throw new AppError('rate_limited', {
      values: { seconds: result.retryAfter },
      headers: { 'Retry-After': String(result.retryAfter) },
    });
  }
}

export function registerMembers(app: OpenAPIHono<ApiEnv>): void {
  app.openapi(search, async (c) => {
    const { page, ...filters } = c.req.valid('query');
    limitMemberReads(c);
    const viewer = c.get('viewer');
    if (!viewer) {
      const settings = await getSettings({ host: c.req.header('host'), locale: c.get('locale') });
      const allowed = maySearch({
        loggedIn: false,
        settings,
        fromTrafficSource: hasTrafficSource(getCookie(c, TRACKING_COOKIE)),
      });
      if (!allowed) throw new AppError('search_login_required');
    }
    c.header('Cache-Control', 'private, no-store');
    return c.json(await searchMembers({ viewerId: viewer?.userId ?? null, filters, page }), 200);
  });

  app.openapi(member, async (c) => {
    limitMemberReads(c);
    const viewer = c.get('viewer');
    const settings = await getSettings({ host: c.req.header('host'), locale: c.get('locale') });
    const detail = await getMemberOrThrow({
      memberId: c.req.valid('query').id,
      viewer,
      visibleFields: settings.visible_profile_fields,
    });
    c.header('Cache-Control', 'private, no-store');
    return c.json(detail, 200);
  });

  app.openapi(block, async (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new AppError('authentication_required');
    await blockMember({ userId: viewer.userId, memberId: c.req.valid('json').member });
    return c.body(null, 204);
  });

  app.openapi(unblock, async (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new AppError('authentication_required');
    await unblockMember({ userId: viewer.userId, memberId: c.req.valid('json').member });
    return c.body(null, 204);
  });

  app.openapi(blocked, async (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new AppError('authentication_required');
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listBlockedMembers({ userId: viewer.userId }), 200);
  });
}
