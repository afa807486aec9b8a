// GET /api/icebreakers.php: openers for a first message to a member, in the viewer's language
import { IcebreakerQuerySchema, IcebreakersSchema } from '@/lib/shared/schemas/chat';
import { suggestIcebreakers } from '../../../chat/icebreakers';
import { defineRoute } from '../../kit/define-route';
import { MEMBER_READS } from '../../member-reads';

export const suggestIcebreakersRoute = defineRoute('GET /api/icebreakers.php', {
  access: 'member',
  summary: 'Openers for a first message',
  query: IcebreakerQuerySchema,
  response: { status: 200, description: 'Suggested openers', schema: IcebreakersSchema },
  errors: ['not_found'],
  // Names and interests of members, like a member page: the same budget against scraping.
  rateLimit: MEMBER_READS,
  cacheControl: 'private, no-store',
  handler: ({ viewer, query, locale }) =>
    suggestIcebreakers({ userId: viewer.userId, memberId: query.member, locale }),
});
