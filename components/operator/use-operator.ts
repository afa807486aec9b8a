'use client';

import { useQueryClient } from '@tanstack/react-query';
import { operatorKeys } from '@/lib/api/operator-api';
import type { Operator } from '@/lib/shared/schemas/operators';

/** The logged-in operator, inside the console frame (which renders only once they are known). */
export function useOperator(): Operator {
  const operator = useQueryClient().getQueryData<Operator | null>(operatorKeys.session);
  if (!operator) throw new Error('useOperator must be used inside the console frame');
  return operator;
}
