import 'server-only';
import { GIF_PAGE_SIZE } from '@/lib/shared/values/chat';
import type { Locale } from '@/lib/shared/locales';
import type { StoredGif } from '../db/schema/chat';
import { CATALOGUE_GIF_SIZE, CATALOGUE_GIFS, type CatalogueGifItem } from './catalogue-items';
import type { GifPage, GifRequest, GifService } from './gif-service';

/** Letters that do not decompose into a base letter and a mark. */
const FOLDED: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l', đ: 'd', þ: 'th' };

/** Words of a text for matching: lower case, accents and apostrophes left out. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæøœłđþ]/g, (letter) => FOLDED[letter] ?? letter)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const toGif = (item: CatalogueGifItem, locale: Locale): StoredGif => ({
  source: 'catalogue',
  id: item.id,
  url: `/gifs/${item.id}.svg`,
  preview: `/gifs/${item.id}.svg`,
  width: CATALOGUE_GIF_SIZE,
  height: CATALOGUE_GIF_SIZE,
  title: item.title[locale],
});

/** Each item's words per language, worked out once. */
const WORDS = new Map(
  CATALOGUE_GIFS.map((item) => [
    item.id,
    Object.fromEntries(
      Object.entries(item.keywords).map(([locale, text]) => [locale, searchWords(text)]),
    ) as Record<Locale, string[]>,
  ]),
);

/**
 * The animated catalogue shipped with the app (no account anywhere): found by keyword in the
 * member's language or in English, each word of the query the start of a keyword, whatever the case
 * and accents.
 */
export class CatalogueGifService implements GifService {
  readonly name = 'catalogue';
  readonly attribution = null;

  search(query: string, request: GifRequest): Promise<GifPage> {
    const wanted = searchWords(query);
    if (wanted.length === 0) return this.trending(request);
    const scored: { item: CatalogueGifItem; score: number }[] = [];
    for (const item of CATALOGUE_GIFS) {
      const words = WORDS.get(item.id);
      if (!words) continue;
      const own = words[request.locale];
      const known = request.locale === 'en' ? own : [...own, ...words.en];
      if (!wanted.every((part) => known.some((word) => word.startsWith(part)))) continue;
      // Whole words of the member's own language first, then the rest in catalogue order.
      const score = wanted.filter((part) => own.includes(part)).length;
      scored.push({ item, score });
    }
    scored.sort((a, b) => b.score - a.score);
    return Promise.resolve(
      paged(
        scored.map(({ item }) => item),
        request,
      ),
    );
  }

  trending(request: GifRequest): Promise<GifPage> {
    return Promise.resolve(paged(CATALOGUE_GIFS, request));
  }

  find(id: string, locale: Locale = 'en'): Promise<StoredGif | null> {
    const item = CATALOGUE_GIFS.find((candidate) => candidate.id === id);
    return Promise.resolve(item ? toGif(item, locale) : null);
  }
}

function paged(items: readonly CatalogueGifItem[], request: GifRequest): GifPage {
  const start = (request.page - 1) * GIF_PAGE_SIZE;
  return {
    results: items.slice(start, start + GIF_PAGE_SIZE).map((item) => toGif(item, request.locale)),
    hasMore: items.length > start + GIF_PAGE_SIZE,
  };
}
