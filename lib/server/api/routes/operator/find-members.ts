// GET /api/operator/members.php: members by e-mail address, name or id, for customer service
import { MemberLookupQuerySchema, MemberLookupSchema } from '@/lib/shared/schemas/operator-support';
import { findMembers } from '../../../support/find-members';
import { defineRoute } from '../../kit/define-route';

export const findMembersRoute = defineRoute('GET /api/operator/members.php', {
  access: 'operator',
  roles: ['support'],
  summary: 'Find members',
  query: MemberLookupQuerySchema,
  response: { status: 200, description: 'Matching members, newest first', schema: MemberLookupSchema },
  handler: ({ query }) => findMembers({ query: query.q }),
});
