/** The shape of a failed call as the HTTP client reports it. */
interface FailedCall {
  response?: { status?: number; data?: unknown };
}

const asFailedCall = (error: unknown): FailedCall | null =>
  error && typeof error === 'object' && 'response' in error ? (error as FailedCall) : null;

/** Whether a response says the session is gone: HTTP 403 whose body names `authentication_required`. */
export function isAuthenticationRequired(error: unknown): boolean {
  const response = asFailedCall(error)?.response;
  if (response?.status !== 403) return false;
  const data = response.data;
  if (typeof data === 'string') return data.includes('authentication_required');
  if (data && typeof data === 'object') {
    const code = (data as { error?: { code?: unknown } }).error?.code;
    return code === 'authentication_required' || JSON.stringify(data).includes('authentication_required');
  }
  return false;
}
