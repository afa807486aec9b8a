// POST /api/operator/member-sessions.php: log a member out everywhere
import { MemberActionSchema, SessionsEndedSchema } from '@/lib/shared/schemas/operator-support';
import { endMemberSessions } from '../../../support/end-member-sessions';
import { defineRoute } from '../../kit/define-route';

export const endMemberSessionsRoute = defineRoute('POST /api/operator/member-sessions.php', {
  access: 'operator',
  roles: ['support'],
  summary: 'End all of a member’s sessions',
  body: MemberActionSchema,
  response: { status: 200, description: 'How many sessions ended', schema: SessionsEndedSchema },
  errors: ['not_found'],
  handler: async ({ body, audit }) => {
    const { ended } = await endMemberSessions({ userId: body.member });
    audit({
      action: 'member.end_sessions',
      subject: { type: 'member', id: body.member },
      before: { sessions: ended },
      after: { sessions: 0 },
    });
    return { ended };
  },
});
