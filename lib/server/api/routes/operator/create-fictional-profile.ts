// POST /api/operator/profiles.php: a new fictional profile, shown to members at once
import {
  FictionalProfileCreateSchema,
  FictionalProfileSchema,
} from '@/lib/shared/schemas/fictional-profiles';
import { createFictionalProfile } from '../../../fictional-profiles/create-fictional-profile';
import { getFictionalProfileOrThrow } from '../../../fictional-profiles/get-fictional-profile';
import { defineRoute } from '../../kit/define-route';

export const createFictionalProfileRoute = defineRoute('POST /api/operator/profiles.php', {
  access: 'operator',
  roles: ['chat_operator'],
  summary: 'Create a fictional profile',
  body: FictionalProfileCreateSchema,
  response: { status: 201, description: 'The new profile', schema: FictionalProfileSchema },
  errors: ['field_invalid'],
  handler: async ({ body, audit }) => {
    const { id } = await createFictionalProfile({ fields: body });
    audit({
      action: 'fictional_profile.create',
      subject: { type: 'member', id },
      before: null,
      after: { ...body, fictional: true, status: 'active' },
    });
    return getFictionalProfileOrThrow({ id });
  },
});
