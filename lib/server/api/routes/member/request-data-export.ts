// POST /api/data-export.php: ask for a copy of all the member's data (prepared in the background)
import { DataExportStateSchema } from '@/lib/shared/schemas/data-export';
import { requestDataExport } from '../../../data-export/request-data-export';
import { defineRoute } from '../../kit/define-route';

export const requestDataExportRoute = defineRoute('POST /api/data-export.php', {
  access: 'member',
  summary: 'Ask for a copy of the member’s data',
  response: { status: 201, description: 'Being prepared', schema: DataExportStateSchema },
  errors: ['rate_limited'],
  handler: ({ viewer, locale }) => requestDataExport({ userId: viewer.userId, locale }),
});
