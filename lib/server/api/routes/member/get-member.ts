// GET /api/member.php: one member's page as the viewer may see it
import { z } from 'zod';
import { MemberIdParamSchema } from '@/lib/shared/schemas/ids';
import { MemberDetailSchema } from '@/lib/shared/schemas/members';
import { getMemberOrThrow } from '../../../members/get-member';
import { getSettings } from '../../../settings/get-settings';
import { defineRoute } from '../../kit/define-route';
import { MEMBER_READS } from '../../member-reads';

export const getMemberRoute = defineRoute('GET /api/member.php', {
  access: 'visitor',
  summary: 'One member’s page',
  query: z.object({ id: MemberIdParamSchema }),
  response: { status: 200, description: 'One member’s page', schema: MemberDetailSchema },
  errors: ['not_found', 'blocked_by_member'],
  rateLimit: MEMBER_READS,
  cacheControl: 'private, no-store',
  handler: async ({ viewer, query, host, locale }) => {
    const { visible_profile_fields: visibleFields } = await getSettings({ host, locale });
    return getMemberOrThrow({ memberId: query.id, viewer, visibleFields });
  },
});
