'use client';

import { createContext, useContext } from 'react';
import type { ApiClient } from './api-client';

/** The operator console's client for `/api/operator/*`: the member site's HTTP client, on its own base. */
export const OperatorApiContext = createContext<ApiClient | null>(null);

export function useOperatorApi(): ApiClient {
  const client = useContext(OperatorApiContext);
  if (!client) throw new Error('useOperatorApi must be used inside the operator console');
  return client;
}

/** Query keys of the console; areas add theirs under their own first part. */
export const operatorKeys = {
  session: ['operator', 'session'] as const,
  dashboard: ['operator', 'dashboard'] as const,
  audit: (filters: Record<string, string | number | undefined>) => ['operator', 'audit', filters] as const,
};

interface FailedCall {
  response?: { status?: number; data?: { error?: { code?: string; message?: string } } };
}

/** The API's error of a failed call: its code and the message, already in the operator's language. */
export function operatorApiError(error: unknown): { status: number; code: string; message: string } | null {
  const response =
    error && typeof error === 'object' && 'response' in error ? (error as FailedCall).response : null;
  const failure = response?.data?.error;
  if (!response?.status || !failure?.code) return null;
  return { status: response.status, code: failure.code, message: failure.message ?? failure.code };
}
