import 'server-only';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Locale } from '@/lib/shared/locales';
import type { GifResultsSchema } from '@/lib/shared/schemas/chat';
import { AppError } from '../errors';
import { getGifService } from './get-gif-service';
import { GifServiceError } from './gif-service';

/** The same member is the same customer to the service, without telling it who they are. */
const customerOf = (userId: number) =>
  createHash('sha256').update(`lovelane-gif-customer:${userId}`).digest('hex').slice(0, 32);

/** A service failure as the member sees it: GIF search is unavailable for now. */
export function gifServiceFailure(error: unknown): unknown {
  if (!(error instanceof GifServiceError)) return error;
  return new AppError('service_unavailable', { messageKey: 'gif_search_failed', log: error.message });
}

/** GIFs for a query in the member's language; an empty query: what is popular. */
export async function searchGifs(options: {
  userId: number;
  query: string;
  page: number;
  locale: Locale;
}): Promise<z.input<typeof GifResultsSchema>> {
  const service = getGifService();
  const request = { page: options.page, locale: options.locale, customer: customerOf(options.userId) };
  const query = options.query.trim();
  try {
    const page = query ? await service.search(query, request) : await service.trending(request);
    return { results: page.results, has_more: page.hasMore, attribution: service.attribution };
  } catch (error) {
    throw gifServiceFailure(error);
  }
}
