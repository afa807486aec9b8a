// POST /api/complaint.php: report a member, a conversation or a problem with the service
import 'server-only';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { ComplaintCreatedSchema, ComplaintSchema } from '@/lib/shared/schemas/complaints';
import { submitComplaint } from '../../complaints/submit-complaint';
import type { ApiEnv } from '../context';
import { clientIp } from '../middleware/request-context';
import { errorResponses } from './shared';

const route = createRoute({
  method: 'post',
  path: '/api/complaint.php',
  request: { body: { content: { 'application/json': { schema: ComplaintSchema } }, required: true } },
  responses: {
    201: {
      description: 'Complaint stored; an acknowledgement with its reference was mailed',
      content: { 'application/json': { schema: ComplaintCreatedSchema } },
    },
    ...errorResponses,
  },
});

export function registerComplaints(app: OpenAPIHono<ApiEnv>): void {
  app.openapi(route, async (c) => {
    const created = await submitComplaint({
      input: c.req.valid('json'),
      reporterId: c.get('viewer')?.userId ?? null,
      locale: c.get('locale'),
      host: c.req.header('host') ?? null,
      ip: clientIp(c),
    });
    c.header('Cache-Control', 'no-store');
    return c.json(created, 201);
  });
}
