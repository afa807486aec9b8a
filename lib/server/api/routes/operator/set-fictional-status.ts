// PUT /api/operator/profile-status.php: show a fictional profile to members or hide it
import { FictionalProfileSchema, FictionalStatusChangeSchema } from '@/lib/shared/schemas/fictional-profiles';
import { getFictionalProfileOrThrow } from '../../../fictional-profiles/get-fictional-profile';
import { setFictionalStatus } from '../../../fictional-profiles/set-fictional-status';
import { defineRoute } from '../../kit/define-route';

export const setFictionalStatusRoute = defineRoute('PUT /api/operator/profile-status.php', {
  access: 'operator',
  roles: ['chat_operator'],
  summary: 'Show or hide a fictional profile',
  body: FictionalStatusChangeSchema,
  response: { status: 200, description: 'The profile as it is now', schema: FictionalProfileSchema },
  errors: ['not_found'],
  handler: async ({ body, audit }) => {
    const change = await setFictionalStatus({ id: body.id, status: body.status });
    audit({
      action: 'fictional_profile.status',
      subject: { type: 'member', id: body.id },
      before: { status: change.before },
      after: { status: change.after },
    });
    return getFictionalProfileOrThrow({ id: body.id });
  },
});
