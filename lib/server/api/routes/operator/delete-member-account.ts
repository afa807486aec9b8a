// POST /api/operator/member-deletion.php: delete a member's account on their request (14 days to reactivate)
import { MemberDeletedSchema, MemberDeletionSchema } from '@/lib/shared/schemas/operator-support';
import { deleteMemberAccount } from '../../../support/delete-member-account';
import { defineRoute } from '../../kit/define-route';

export const deleteMemberAccountRoute = defineRoute('POST /api/operator/member-deletion.php', {
  access: 'operator',
  roles: ['support'],
  summary: 'Delete a member’s account on request',
  body: MemberDeletionSchema,
  response: {
    status: 200,
    description: 'Deleted; reactivation possible until the date',
    schema: MemberDeletedSchema,
  },
  errors: ['not_found', 'forbidden'],
  handler: async ({ body, audit }) => {
    const { deletedAt, reactivationUntil } = await deleteMemberAccount({
      userId: body.member,
      note: body.note,
    });
    audit({
      action: 'member.delete',
      subject: { type: 'member', id: body.member },
      before: { deleted_at: null },
      after: { deleted_at: deletedAt.toISOString(), note: body.note },
    });
    return { deleted_at: deletedAt.toISOString(), reactivation_until: reactivationUntil.toISOString() };
  },
});
