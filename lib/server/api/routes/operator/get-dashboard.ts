// GET /api/operator/dashboard.php: today's figures and the queues, for every operator
import { DashboardSchema } from '@/lib/shared/schemas/operator-dashboard';
import { getDashboard } from '../../../operators/get-dashboard';
import { defineRoute } from '../../kit/define-route';

export const getDashboardRoute = defineRoute('GET /api/operator/dashboard.php', {
  access: 'operator',
  summary: 'Dashboard',
  response: { status: 200, description: 'Today’s figures and the queues', schema: DashboardSchema },
  handler: () => getDashboard(),
});
