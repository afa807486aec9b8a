// GET /api/members.php: one page of the members matching the filters
import { getCookie } from 'hono/cookie';
import { TRACKING_COOKIE } from '@/lib/shared/schemas/auth';
import { SearchQuerySchema, SearchResponseSchema } from '@/lib/shared/schemas/members';
import { searchMembersFor } from '../../../members/search-members-for';
import { defineRoute } from '../../kit/define-route';
import { MEMBER_READS } from '../../member-reads';

export const searchMembersRoute = defineRoute('GET /api/members.php', {
  access: 'visitor',
  summary: 'Search members',
  query: SearchQuerySchema,
  response: { status: 200, description: 'One page of matching members', schema: SearchResponseSchema },
  errors: ['search_login_required'],
  rateLimit: MEMBER_READS,
  cacheControl: 'private, no-store',
  handler: ({ viewer, query, host, locale, c }) =>
    searchMembersFor({ viewer, query, host, locale, trackingCookie: getCookie(c, TRACKING_COOKIE) }),
});
