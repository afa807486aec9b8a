// GET /api/match-finder.php: the members who fit the viewer's answers best, with the reasons
import { MatchFinderQuerySchema, MatchListSchema } from '@/lib/shared/schemas/match-finder';
import { findMatches } from '../../../members/match-finder';
import { defineRoute } from '../../kit/define-route';
import { MEMBER_READS } from '../../member-reads';

export const findMatchesRoute = defineRoute('GET /api/match-finder.php', {
  access: 'member',
  summary: 'Members who fit the answers best',
  query: MatchFinderQuerySchema,
  response: {
    status: 200,
    description: 'Up to 24 members, best fit first, each with why they fit',
    schema: MatchListSchema,
  },
  errors: ['field_invalid'],
  rateLimit: MEMBER_READS,
  cacheControl: 'private, no-store',
  handler: ({ viewer, query }) => findMatches({ viewerId: viewer.userId, query }),
});
