// GET /api/operator/member.php: a member's file (account, credits, payments, sessions, blocks, complaints)
import { MemberFileQuerySchema, MemberFileSchema } from '@/lib/shared/schemas/operator-support';
import { getMemberFileOrThrow } from '../../../support/get-member-file';
import { defineRoute } from '../../kit/define-route';

export const getMemberFileRoute = defineRoute('GET /api/operator/member.php', {
  access: 'operator',
  roles: ['support'],
  summary: 'A member’s file',
  query: MemberFileQuerySchema,
  response: { status: 200, description: 'The member’s file', schema: MemberFileSchema },
  errors: ['not_found'],
  handler: ({ query, audit }) => {
    audit({ action: 'member.view', subject: { type: 'member', id: query.id } });
    return getMemberFileOrThrow({ userId: query.id });
  },
});
