import 'server-only';
import { z } from 'zod';
import type { Locale } from '@/lib/shared/locales';
import { GIF_PAGE_SIZE } from '@/lib/shared/values/chat';
import type { StoredGif } from '../db/schema/chat';
import {
  fetchServiceJson,
  GifServiceError,
  isSafeMediaUrl,
  type GifPage,
  type GifRequest,
  type GifService,
} from './gif-service';

const API = 'https://api.giphy.com/v1/gifs';
const MEDIA_HOSTS = /(^|\.)giphy\.com$/;

const Image = z.object({ url: z.string(), width: z.coerce.number().int(), height: z.coerce.number().int() });
const GiphyItem = z.object({
  id: z.string(),
  title: z.string().nullish(),
  images: z.object({
    fixed_width: Image.optional(),
    fixed_width_downsampled: Image.optional(),
    downsized_medium: Image.optional(),
    original: Image.optional(),
  }),
});
const GiphyPage = z.object({
  data: z.array(z.unknown()),
  pagination: z.object({ total_count: z.number().optional(), count: z.number(), offset: z.number() }),
});
const GiphyOne = z.object({ data: z.unknown() });

/** GIPHY's language codes differ from ours for Norwegian only. */
const giphyLang = (locale: Locale) => (locale === 'nb' ? 'no' : locale);

/**
 * GIPHY's GIF API: search, trending and get-by-id, in the member's language and rated pg-13 at most
 * (nothing explicit in a dating site's chat). Results carry the "Powered by GIPHY" attribution.
 */
export class GiphyGifService implements GifService {
  readonly name = 'giphy';
  readonly attribution = 'GIPHY';

  constructor(private readonly apiKey: string) {}

  search(query: string, request: GifRequest): Promise<GifPage> {
    return this.page('search', { q: query, lang: giphyLang(request.locale) }, request);
  }

  trending(request: GifRequest): Promise<GifPage> {
    return this.page('trending', {}, request);
  }

  async find(id: string): Promise<StoredGif | null> {
    if (!/^[A-Za-z0-9]{1,100}$/.test(id)) return null;
    const body = await fetchServiceJson('giphy', this.url(id, {}));
    if (body === null) return null;
    const parsed = GiphyOne.safeParse(body);
    if (!parsed.success) throw new GifServiceError('giphy: unexpected answer');
    return toGif(parsed.data.data);
  }

  private async page(path: string, params: Record<string, string>, request: GifRequest): Promise<GifPage> {
    const offset = (request.page - 1) * GIF_PAGE_SIZE;
    const url = this.url(path, {
      ...params,
      limit: String(GIF_PAGE_SIZE),
      offset: String(offset),
      rating: 'pg-13',
    });
    const parsed = GiphyPage.safeParse(await fetchServiceJson('giphy', url));
    if (!parsed.success) throw new GifServiceError('giphy: unexpected answer');
    const { pagination } = parsed.data;
    const results = parsed.data.data.map(toGif).filter((gif): gif is StoredGif => gif !== null);
    const total = pagination.total_count ?? offset + pagination.count;
    return { results, hasMore: pagination.count > 0 && offset + pagination.count < total };
  }

  private url(path: string, params: Record<string, string>): URL {
    const url = new URL(`${API}/${path}`);
    url.searchParams.set('api_key', this.apiKey);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url;
  }
}

function toGif(raw: unknown): StoredGif | null {
  const parsed = GiphyItem.safeParse(raw);
  if (!parsed.success) return null;
  const { images } = parsed.data;
  const full = images.downsized_medium ?? images.fixed_width ?? images.original;
  const preview = images.fixed_width_downsampled ?? images.fixed_width ?? full;
  if (!full || !preview) return null;
  if (!isSafeMediaUrl(full.url, MEDIA_HOSTS) || !isSafeMediaUrl(preview.url, MEDIA_HOSTS)) return null;
  return {
    source: 'giphy',
    id: parsed.data.id,
    url: full.url,
    preview: preview.url,
    width: full.width,
    height: full.height,
    title: (parsed.data.title ?? '').slice(0, 200),
  };
}
