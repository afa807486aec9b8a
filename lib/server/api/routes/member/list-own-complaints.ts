// GET /api/complaints.php: the viewer's own complaints and where each stands
import { OwnComplaintsSchema } from '@/lib/shared/schemas/moderation';
import { listOwnComplaints } from '../../../complaints/list-own-complaints';
import { defineRoute } from '../../kit/define-route';

export const listOwnComplaintsRoute = defineRoute('GET /api/complaints.php', {
  access: 'member',
  summary: 'The viewer’s complaints and their status',
  response: {
    status: 200,
    description: 'The viewer’s complaints, newest first',
    schema: OwnComplaintsSchema,
  },
  cacheControl: 'private, no-store',
  handler: ({ viewer }) => listOwnComplaints({ userId: viewer.userId }),
});
