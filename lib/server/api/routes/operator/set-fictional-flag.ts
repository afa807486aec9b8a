// PUT /api/operator/profile-fictional.php: an admin makes a profile fictional or not, with a reason
import { FictionalFlagChangeSchema, FictionalProfileSchema } from '@/lib/shared/schemas/fictional-profiles';
import { getFictionalProfileOrThrow } from '../../../fictional-profiles/get-fictional-profile';
import { setFictionalFlag } from '../../../fictional-profiles/set-fictional-flag';
import { defineRoute } from '../../kit/define-route';

export const setFictionalFlagRoute = defineRoute('PUT /api/operator/profile-fictional.php', {
  access: 'operator',
  roles: ['admin'],
  summary: 'Make a profile fictional or not',
  body: FictionalFlagChangeSchema,
  response: { status: 200, description: 'The profile as it is now', schema: FictionalProfileSchema },
  errors: ['not_found'],
  handler: async ({ body, audit }) => {
    const change = await setFictionalFlag({ id: body.id, fictional: body.fictional });
    audit({
      action: 'fictional_profile.flag',
      subject: { type: 'member', id: body.id },
      before: { fictional: change.before },
      after: { fictional: change.after, reason: body.reason },
    });
    return getFictionalProfileOrThrow({ id: body.id, includeReal: true });
  },
});
