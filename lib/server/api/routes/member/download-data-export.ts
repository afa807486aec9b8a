// GET /api/data-export-download.php: the ZIP of the member's data, once, through a link made in this session
import { DataExportDownloadQuerySchema } from '@/lib/shared/schemas/data-export';
import { downloadDataExport } from '../../../data-export/download-data-export';
import { defineRoute } from '../../kit/define-route';
import { readSessionCookie } from '../../session-cookie';

export const downloadDataExportRoute = defineRoute('GET /api/data-export-download.php', {
  access: 'member',
  summary: 'Download the member’s copy of their data',
  query: DataExportDownloadQuerySchema,
  response: { status: 200, description: 'The ZIP archive', media: 'application/zip' },
  errors: ['not_found'],
  cacheControl: 'private, no-store',
  handler: async ({ viewer, query, c }) => {
    const file = await downloadDataExport({
      userId: viewer.userId,
      token: query.token,
      sessionToken: readSessionCookie(c) ?? '',
    });
    c.header('Content-Disposition', `attachment; filename="${file.filename}"`);
    return { body: file.body, contentType: file.contentType };
  },
});
