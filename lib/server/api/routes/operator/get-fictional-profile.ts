// GET /api/operator/profile.php: one fictional profile with its photos (admins: any member's profile)
import { FictionalProfileQuerySchema, FictionalProfileSchema } from '@/lib/shared/schemas/fictional-profiles';
import { getFictionalProfileOrThrow } from '../../../fictional-profiles/get-fictional-profile';
import { defineRoute } from '../../kit/define-route';

export const getFictionalProfileRoute = defineRoute('GET /api/operator/profile.php', {
  access: 'operator',
  roles: ['chat_operator'],
  summary: 'A fictional profile',
  query: FictionalProfileQuerySchema,
  response: { status: 200, description: 'The profile', schema: FictionalProfileSchema },
  errors: ['not_found'],
  handler: ({ query, operator }) =>
    getFictionalProfileOrThrow({ id: query.id, includeReal: operator.role === 'admin' }),
});
