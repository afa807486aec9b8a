// GET /api/blocks.php: the members the viewer blocked
import { BlockedMembersSchema } from '@/lib/shared/schemas/members';
import { listBlockedMembers } from '../../../members/blocks';
import { defineRoute } from '../../kit/define-route';

export const listBlockedMembersRoute = defineRoute('GET /api/blocks.php', {
  access: 'member',
  summary: 'Members the viewer blocked',
  response: { status: 200, description: 'Members the viewer blocked', schema: BlockedMembersSchema },
  cacheControl: 'private, no-store',
  handler: ({ viewer }) => listBlockedMembers({ userId: viewer.userId }),
});
