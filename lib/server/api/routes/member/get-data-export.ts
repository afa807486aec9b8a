// GET /api/data-export.php: the member's latest copy of their data (preparing, ready until, …)
import { DataExportStateSchema } from '@/lib/shared/schemas/data-export';
import { getDataExport } from '../../../data-export/get-data-export';
import { defineRoute } from '../../kit/define-route';

export const getDataExportRoute = defineRoute('GET /api/data-export.php', {
  access: 'member',
  summary: 'The member’s copy of their data',
  response: { status: 200, description: 'Its state', schema: DataExportStateSchema },
  handler: ({ viewer }) => getDataExport({ userId: viewer.userId }),
});
