// GET /api/companyinfo.php: the company operating this site
import { z } from 'zod';
import { CompanyInfoSchema } from '@/lib/shared/schemas/reference';
import { getCompanyInfoOrThrow } from '../../../company/get-company-info';
import { defineRoute } from '../../kit/define-route';

export const getCompanyInfoRoute = defineRoute('GET /api/companyinfo.php', {
  access: 'visitor',
  summary: 'Company info',
  query: z.object({}).catchall(z.string().max(512)),
  response: { status: 200, description: 'Company info', schema: CompanyInfoSchema },
  cacheControl: 'public, max-age=300',
  handler: ({ host }) => getCompanyInfoOrThrow({ host }),
});
