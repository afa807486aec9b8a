// GET /api/passkeys.php: the member's passkeys, and whether this session may change them now
import { PasskeysSchema } from '@/lib/shared/schemas/passkeys';
import { listPasskeys } from '../../../passkeys/list-passkeys';
import { defineRoute } from '../../kit/define-route';
import { readSessionCookie } from '../../session-cookie';

export const listPasskeysRoute = defineRoute('GET /api/passkeys.php', {
  access: 'member',
  summary: 'The member’s passkeys',
  response: { status: 200, description: 'The passkeys, oldest first', schema: PasskeysSchema },
  handler: ({ viewer, c }) =>
    listPasskeys({ userId: viewer.userId, sessionToken: readSessionCookie(c) ?? '' }),
});
