import axios, { AxiosError, type AxiosInstance } from 'axios';
import axiosRetry, { exponentialDelay, isNetworkOrIdempotentRequestError } from 'axios-retry';
import { HTTP_RETRIES } from '@/lib/shared/constants';

export interface ApiClientOptions {
  baseURL?: string;
  /** Delay before retry number `n` (1-based), in ms; exponential by default, 0 in tests. */
  retryDelay?: (retryCount: number, error: AxiosError) => number;
  /** Whether a member is logged in right now. */
  isLoggedIn?: () => boolean;
  /** Called when a logged-in member's call is refused with `authentication_required`. */
  onAuthenticationRequired?: () => void;
}

const isUserEndpoint = (url: string | undefined): boolean => /(^|\/)user\.php(\?|$)/.test(url ?? '');

/** Whether a response says the session is gone: HTTP 403 whose body names `authentication_required`. */
export function isAuthenticationRequired(error: unknown): boolean {
  if (!(error instanceof AxiosError) || error.response?.status !== 403) return false;
  const data: unknown = error.response.data;
  if (typeof data === 'string') return data.includes('authentication_required');
  if (data && typeof data === 'object') {
    const code = (data as { error?: { code?: unknown } }).error?.code;
    return code === 'authentication_required' || JSON.stringify(data).includes('authentication_required');
  }
  return false;
}

/**
 * The browser's client for the `.php` API: 5 retries with exponential delay for network errors,
 * 5xx and 429; `X-Request-Type: client` on user.php; a silent logout when a logged-in member's call
 * (other than user.php) is refused with `authentication_required`.
 */
export function createApiClient(options: ApiClientOptions = {}): AxiosInstance {
  const client = axios.create({
    baseURL: options.baseURL ?? '/api/',
    headers: { Accept: 'application/json' },
    timeout: 30_000,
  });

  axiosRetry(client, {
    retries: HTTP_RETRIES,
    retryDelay: options.retryDelay ?? ((count, error) => exponentialDelay(count, error, 100)),
    retryCondition: (error) => isNetworkOrIdempotentRequestError(error) || error.response?.status === 429,
  });

  client.interceptors.request.use((config) => {
    if (isUserEndpoint(config.url)) config.headers.set('X-Request-Type', 'client');
    return config;
  });

  client.interceptors.response.use(undefined, (error: unknown) => {
    const url = error instanceof AxiosError ? error.config?.url : undefined;
    if (isAuthenticationRequired(error) && !isUserEndpoint(url) && options.isLoggedIn?.()) {
      options.onAuthenticationRequired?.();
    }
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  });

  return client;
}

/** The API's error text for a failed call, or null when the failure carried none. */
export function apiErrorMessage(error: unknown): string | null {
  if (error instanceof AxiosError) {
    const message = (error.response?.data as { error?: { message?: unknown } } | undefined)?.error?.message;
    if (typeof message === 'string') return message;
  }
  return null;
}
