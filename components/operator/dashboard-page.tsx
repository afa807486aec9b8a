'use client';

import { DashboardView } from './dashboard-view';
import { useOperator } from './use-operator';

export function DashboardPage() {
  return <DashboardView role={useOperator().role} />;
}
