import 'server-only';
import type { Locale } from '@/lib/shared/locales';
import type { StoredGif } from '../db/schema/chat';

/** One page of GIFs as a service answers it (already in the API's shape). */
export interface GifPage {
  results: StoredGif[];
  hasMore: boolean;
}

/** What a search or the popular list is for: the member (for the service's per-user signals) and their language. */
export interface GifRequest {
  page: number;
  locale: Locale;
  /** An opaque, stable stand-in for the member (never their id). */
  customer: string;
}

/** A GIF service: search, what is popular, and one item by its id (so only its own addresses are stored). */
export interface GifService {
  /** The `source` stored with every GIF of this service. */
  readonly name: 'catalogue' | 'klipy' | 'giphy';
  /** The attribution the search must show ("Powered by GIPHY"), or null. */
  readonly attribution: string | null;
  search(query: string, request: GifRequest): Promise<GifPage>;
  trending(request: GifRequest): Promise<GifPage>;
  /** The item with this id, or null when the service has none (its title in `locale` where the service has one). */
  find(id: string, locale?: Locale): Promise<StoredGif | null>;
}

/** The service failed (timeout, network, an error answer, an answer of another shape). */
export class GifServiceError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GifServiceError';
  }
}

/** How long a service may take before the search gives up. */
export const GIF_SERVICE_TIMEOUT_MS = 5_000;

/** GETs JSON from a service with a timeout; any failure is a GifServiceError naming the service. */
export async function fetchServiceJson(service: string, url: URL): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(GIF_SERVICE_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new GifServiceError(`${service}: ${timedOut ? 'timed out' : 'request failed'}`, { cause: error });
  }
  if (res.status === 404) return null;
  if (!res.ok) throw new GifServiceError(`${service}: answered ${res.status}`);
  try {
    return await res.json();
  } catch (error) {
    throw new GifServiceError(`${service}: answer is not JSON`, { cause: error });
  }
}

/** Only https addresses of the service's own media hosts are kept. */
export function isSafeMediaUrl(value: string, hosts: RegExp): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && hosts.test(url.hostname);
  } catch {
    return false;
  }
}
