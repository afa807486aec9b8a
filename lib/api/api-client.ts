import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import type { ApiClientOptions } from './client';

/** The calls the app makes; the HTTP client behind them is loaded with the first call. */
export interface ApiClient {
  get<T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  delete<T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  put<T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
}

/**
 * An API client whose axios instance (with its retries and interceptors) is created on first use,
 * so pages whose data arrived with the HTML do not download the HTTP client at all.
 */
export function createLazyApiClient(options: ApiClientOptions = {}): ApiClient {
  let instance: ReturnType<typeof load> | null = null;
  const load = () => import('./client').then((m) => m.createApiClient(options));
  const client = () => (instance ??= load());
  return {
    get: async (url, config) => (await client()).get(url, config),
    delete: async (url, config) => (await client()).delete(url, config),
    post: async (url, data, config) => (await client()).post(url, data, config),
    put: async (url, data, config) => (await client()).put(url, data, config),
  };
}
