// GET /api/signup-matches.php: members who fit what the viewer answered at signup
import { MatchListSchema } from '@/lib/shared/schemas/match-finder';
import { findSignupMatches } from '../../../members/match-finder';
import { defineRoute } from '../../kit/define-route';
import { MEMBER_READS } from '../../member-reads';

export const listSignupMatchesRoute = defineRoute('GET /api/signup-matches.php', {
  access: 'member',
  summary: 'Members who fit the signup answers',
  response: {
    status: 200,
    description: 'Up to 12 members of the viewer’s country, best fit first',
    schema: MatchListSchema,
  },
  rateLimit: MEMBER_READS,
  cacheControl: 'private, no-store',
  handler: ({ viewer }) => findSignupMatches({ viewerId: viewer.userId }),
});
