// POST /api/data-export-link.php: a one-time download link for the member's ready copy of their data
import { DataExportLinkSchema } from '@/lib/shared/schemas/data-export';
import { issueDataExportLink } from '../../../data-export/issue-data-export-link';
import { defineRoute } from '../../kit/define-route';
import { readSessionCookie } from '../../session-cookie';

export const issueDataExportLinkRoute = defineRoute('POST /api/data-export-link.php', {
  access: 'member',
  summary: 'A download link for the member’s copy of their data',
  response: { status: 200, description: 'The link', schema: DataExportLinkSchema },
  errors: ['not_found'],
  handler: ({ viewer, c }) =>
    issueDataExportLink({ userId: viewer.userId, sessionToken: readSessionCookie(c) ?? '' }),
});
