// GET /api/companyinfo.php: the company operating this site
import 'server-only';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { CompanyInfoSchema } from '@/lib/shared/schemas/reference';
import { getCompanyInfoOrThrow } from '../../company/get-company-info';
import type { ApiEnv } from '../context';
import { errorResponses } from './shared';

const route = createRoute({
  method: 'get',
  path: '/api/companyinfo.php',
  request: { query: z.object({}).catchall(z.string().max(512)) },
  responses: {
    200: { description: 'Company info', content: { 'application/json': { schema: CompanyInfoSchema } } },
    ...errorResponses,
  },
});

export function registerCompanyInfo(app: OpenAPIHono<ApiEnv>): void {
  app.openapi(route, async (c) => {
    const company = await getCompanyInfoOrThrow({ host: c.req.header('host') });
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(company, 200);
  });
}
