// GET /api/gifs.php: GIF search for the chat (an empty query: what is popular)
import { GifQuerySchema, GifResultsSchema } from '@/lib/shared/schemas/chat';
import { env } from '../../../env';
import { searchGifs } from '../../../gifs/search-gifs';
import { defineRoute } from '../../kit/define-route';

export const searchGifsRoute = defineRoute('GET /api/gifs.php', {
  access: 'member',
  summary: 'Search GIFs',
  query: GifQuerySchema,
  response: {
    status: 200,
    description: 'A page of GIFs and the service’s attribution',
    schema: GifResultsSchema,
  },
  errors: ['rate_limited', 'service_unavailable'],
  // Each search may call the GIF service with the site's key: a budget per member, shared by all instances.
  rateLimit: {
    name: 'gif-searches',
    limit: () => env().RATE_LIMIT_GIF_SEARCHES_PER_MINUTE,
    windowSeconds: 60,
    per: 'member-or-address',
    store: 'database',
  },
  cacheControl: 'private, max-age=60',
  handler: ({ viewer, query, locale }) =>
    searchGifs({ userId: viewer.userId, query: query.q, page: query.page, locale }),
});
