// POST /api/account-deletion.php: delete the account (it can be reactivated for 14 days)
import { AccountDeletionSchema } from '@/lib/shared/schemas/auth';
import { deleteAccount } from '../../../auth/delete-account';
import { defineRoute } from '../../kit/define-route';
import { clearSessionCookie, linkOrigin } from '../../session-cookie';

export const deleteAccountRoute = defineRoute('POST /api/account-deletion.php', {
  access: 'member',
  summary: 'Delete the account',
  body: AccountDeletionSchema,
  response: { status: 204, description: 'Deleted' },
  errors: ['field_invalid', 'account_locked'],
  handler: async ({ viewer, ip, body, host, c }) => {
    const { password, reason, comment } = body;
    await deleteAccount({
      ip,
      userId: viewer.userId,
      password,
      reason,
      comment,
      host,
      origin: await linkOrigin(c),
    });
    clearSessionCookie(c);
  },
});
