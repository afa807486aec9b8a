// GET /api/operator/conversion.php: the acquisition funnel per lander and network for a date range
import { ConversionReportQuerySchema, ConversionReportSchema } from '@/lib/shared/schemas/funnel';
import { conversionReport } from '../../../landers/conversion-report';
import { defineRoute } from '../../kit/define-route';

export const getConversionReportRoute = defineRoute('GET /api/operator/conversion.php', {
  access: 'operator',
  roles: ['admin'],
  summary: 'Conversion report',
  query: ConversionReportQuerySchema,
  response: {
    status: 200,
    description: 'Views, signups and first purchases per lander and network',
    schema: ConversionReportSchema,
  },
  handler: ({ query }) => conversionReport(query),
});
