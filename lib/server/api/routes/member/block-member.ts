// POST /api/block.php: block a member; both disappear for each other
import { BlockRequestSchema } from '@/lib/shared/schemas/members';
import { blockMember } from '../../../members/blocks';
import { defineRoute } from '../../kit/define-route';

export const blockMemberRoute = defineRoute('POST /api/block.php', {
  access: 'member',
  summary: 'Block a member',
  body: BlockRequestSchema,
  response: { status: 204, description: 'Blocked' },
  errors: ['not_found'],
  handler: ({ viewer, body }) => blockMember({ userId: viewer.userId, memberId: body.member }),
});
