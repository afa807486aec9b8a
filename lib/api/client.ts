import axios, { AxiosError, type AxiosInstance } from 'axios';
import axiosRetry, { exponentialDelay, isNetworkOrIdempotentRequestError } from 'axios-retry';
import { HTTP_RETRIES } from '@/lib/shared/constants';
import { isAuthenticationRequired } from './errors';

export interface ApiClientOptions {
  baseURL?: string;
  /** Delay before retry number `n` (1-based), in ms; exponential by default, 0 in tests. */
  retryDelay?: (retryCount: number, error: AxiosError) => number;
  /** Whether a member is logged in right now. */
  isLoggedIn?: () => boolean;
  /** Called when a logged-in member's call is refused with `authentication_required`. */
  onAuthenticationRequired?: () => void;
}

/** Exponential delay before retry `n` (1-based): about 200, 400, 800, 1600 and 3200 ms, with jitter. */
export const defaultRetryDelay = (retryCount: number, error: AxiosError): number =>
  exponentialDelay(retryCount, error, 100);

const isUserEndpoint = (url: string | undefined): boolean => /(^|\/)user\.php(\?|$)/.test(url ?? '');

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
    retryDelay: options.retryDelay ?? defaultRetryDelay,
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
