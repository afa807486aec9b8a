// POST /api/complaint.php: report a member, a conversation or a problem with the service
import { ComplaintCreatedSchema, ComplaintSchema } from '@/lib/shared/schemas/complaints';
import { submitComplaint } from '../../../complaints/submit-complaint';
import { defineRoute } from '../../kit/define-route';

export const submitComplaintRoute = defineRoute('POST /api/complaint.php', {
  access: 'visitor',
  summary: 'Report a member, a conversation or a problem',
  body: ComplaintSchema,
  response: {
    status: 201,
    description: 'Stored; a receipt with its reference was mailed',
    schema: ComplaintCreatedSchema,
  },
  errors: ['field_invalid'],
  handler: ({ viewer, body, locale, host, ip }) =>
    submitComplaint({ input: body, reporterId: viewer?.userId ?? null, locale, host, ip }),
});
