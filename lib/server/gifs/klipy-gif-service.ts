import 'server-only';
import { z } from 'zod';
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

const API = 'https://api.klipy.com/api/v1';
const MEDIA_HOSTS = /(^|\.)klipy\.com$/;

const Media = z.object({ url: z.string(), width: z.coerce.number().int(), height: z.coerce.number().int() });
const Rendition = z.object({ gif: Media.optional(), webp: Media.optional() }).partial();
const KlipyItem = z.object({
  slug: z.string(),
  title: z.string().nullish(),
  type: z.string().optional(),
  file: z
    .object({
      hd: Rendition.optional(),
      md: Rendition.optional(),
      sm: Rendition.optional(),
      xs: Rendition.optional(),
    })
    .optional(),
});
type KlipyItem = z.infer<typeof KlipyItem>;
const KlipyPage = z.object({
  data: z.object({ data: z.array(z.unknown()), has_next: z.boolean().optional() }),
});
const KlipyOne = z.object({ data: z.unknown() });

/**
 * KLIPY's GIF API (`/api/v1/<key>/gifs/…`): search, trending and one item by its slug, with the
 * member's language and a content rating fit for a dating site's chat (pg-13: nothing explicit).
 */
export class KlipyGifService implements GifService {
  readonly name = 'klipy';
  readonly attribution = 'KLIPY';

  constructor(private readonly apiKey: string) {}

  search(query: string, request: GifRequest): Promise<GifPage> {
    return this.page('search', { q: query }, request);
  }

  trending(request: GifRequest): Promise<GifPage> {
    return this.page('trending', {}, request);
  }

  async find(id: string): Promise<StoredGif | null> {
    if (!/^[A-Za-z0-9_-]{1,200}$/.test(id)) return null;
    const body = await fetchServiceJson('klipy', this.url(encodeURIComponent(id), {}));
    if (body === null) return null;
    const parsed = KlipyOne.safeParse(body);
    if (!parsed.success) throw new GifServiceError('klipy: unexpected answer');
    return toGif(parsed.data.data);
  }

  private async page(path: string, params: Record<string, string>, request: GifRequest): Promise<GifPage> {
    const url = this.url(path, {
      ...params,
      page: String(request.page),
      per_page: String(GIF_PAGE_SIZE),
      locale: request.locale,
      rating: 'pg-13',
      customer_id: request.customer,
    });
    const parsed = KlipyPage.safeParse(await fetchServiceJson('klipy', url));
    if (!parsed.success) throw new GifServiceError('klipy: unexpected answer');
    const results = parsed.data.data.data.map(toGif).filter((gif): gif is StoredGif => gif !== null);
    return { results, hasMore: parsed.data.data.has_next ?? false };
  }

  private url(path: string, params: Record<string, string>): URL {
    const url = new URL(`${API}/${encodeURIComponent(this.apiKey)}/gifs/${path}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url;
  }
}

/** A KLIPY item as stored; ads and items without a usable GIF are left out. */
function toGif(raw: unknown): StoredGif | null {
  const parsed = KlipyItem.safeParse(raw);
  if (!parsed.success) return null;
  const item: KlipyItem = parsed.data;
  if (item.type && item.type !== 'gif') return null;
  const full = item.file?.md?.gif ?? item.file?.hd?.gif ?? item.file?.sm?.gif;
  const preview = item.file?.sm?.gif ?? item.file?.xs?.gif ?? full;
  if (!full || !preview) return null;
  if (!isSafeMediaUrl(full.url, MEDIA_HOSTS) || !isSafeMediaUrl(preview.url, MEDIA_HOSTS)) return null;
  return {
    source: 'klipy',
    id: item.slug,
    url: full.url,
    preview: preview.url,
    width: full.width,
    height: full.height,
    title: (item.title ?? '').slice(0, 200),
  };
}
