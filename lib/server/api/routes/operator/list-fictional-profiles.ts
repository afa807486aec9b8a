// GET /api/operator/profiles.php: the fictional profiles, found by name or id, a page at a time
import { FictionalListQuerySchema, FictionalListSchema } from '@/lib/shared/schemas/fictional-profiles';
import { listFictionalProfiles } from '../../../fictional-profiles/list-fictional-profiles';
import { defineRoute } from '../../kit/define-route';

export const listFictionalProfilesRoute = defineRoute('GET /api/operator/profiles.php', {
  access: 'operator',
  roles: ['chat_operator'],
  summary: 'Fictional profiles',
  query: FictionalListQuerySchema,
  response: { status: 200, description: 'A page of fictional profiles', schema: FictionalListSchema },
  handler: ({ query }) => listFictionalProfiles({ query }),
});
