// DELETE /api/block.php: unblock a member
import { BlockRequestSchema } from '@/lib/shared/schemas/members';
import { unblockMember } from '../../../members/blocks';
import { defineRoute } from '../../kit/define-route';

export const unblockMemberRoute = defineRoute('DELETE /api/block.php', {
  access: 'member',
  summary: 'Unblock a member',
  body: BlockRequestSchema,
  response: { status: 204, description: 'Unblocked' },
  handler: ({ viewer, body }) => unblockMember({ userId: viewer.userId, memberId: body.member }),
});
