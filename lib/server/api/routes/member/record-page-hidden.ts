// POST /api/page-hidden.php: beacon sent when a page opened with `lb` is hidden (page-bounce log)
import { z } from 'zod';
import { recordPageBounce } from '../../../analytics/record-page-bounce';
import { defineRoute } from '../../kit/define-route';

export const recordPageHiddenRoute = defineRoute('POST /api/page-hidden.php', {
  access: 'visitor',
  summary: 'Page-bounce beacon',
  body: z.object({}).strict(),
  isBodyOptional: true,
  response: { status: 204, description: 'Logged' },
  handler: ({ c, locale }) => recordPageBounce({ referer: c.req.header('referer'), locale }),
});
