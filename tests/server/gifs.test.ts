import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_GIFS } from '@/lib/server/gifs/catalogue-items';
import { resolveGif } from '@/lib/server/gifs/resolve-gif';
import { GIF_PAGE_SIZE } from '@/lib/shared/values/chat';
import { GifResultsSchema, type GifResult } from '@/lib/shared/schemas/chat';
import { createMember } from '../factories/create-member';
import { apiClient, clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';
import { stubEnv, unstubEnv } from '../helpers/env';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();

afterEach(() => {
  unstubEnv();
  vi.unstubAllGlobals();
});

async function search(language: string, query: string, page?: number) {
  const member = await createMember(db.handle().db);
  const client = await clientFor(member, { language });
  const params = new URLSearchParams({ q: query, ...(page ? { page: String(page) } : {}) });
  const res = await client.get(`/api/gifs.php?${params}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return GifResultsSchema.strict().parse(res.json);
}
const ids = (results: GifResult[]) => results.map((gif) => gif.id);

describe('GIF search with the catalogue shipped with the app', () => {
  it('shows the popular first page for an empty query and pages through the rest', async () => {
    const first = await search('en', '');
    expect(first.attribution).toBeNull();
    expect(first.results).toHaveLength(GIF_PAGE_SIZE);
    expect(first.has_more).toBe(true);
    expect(first.results[0]).toEqual({
      source: 'catalogue',
      id: 'wave',
      url: '/gifs/wave.svg',
      preview: '/gifs/wave.svg',
      width: 160,
      height: 160,
      title: 'Waving hand',
    });
    const pages = Math.ceil(CATALOGUE_GIFS.length / GIF_PAGE_SIZE);
    const last = await search('en', '', pages);
    expect(last.has_more).toBe(false);
    expect(last.results.length).toBe(CATALOGUE_GIFS.length - (pages - 1) * GIF_PAGE_SIZE);
    expect(ids(last.results)).not.toContain('wave');
  });

  it('finds GIFs by the start of a keyword in the member’s language, whatever the case and accents', async () => {
    expect(ids((await search('de', 'Küss')).results)).toEqual(expect.arrayContaining(['kiss', 'lips']));
    expect(ids((await search('de', 'kuss')).results)).toContain('kiss');
    expect(ids((await search('fr', 'ETOI')).results)).toContain('stars');
    expect(ids((await search('fr', 'coeur')).results)).toContain('hearts');
    expect(ids((await search('es', 'corazon roto')).results)).toEqual(['broken-heart']);
    expect(ids((await search('pl', 'dziekuje')).results)).toEqual(['thank-you']);
    expect(ids((await search('nb', 'kjærlighet')).results)).toContain('hearts');
    expect(ids((await search('fi', 'kissa')).results)).toEqual(['cat']);
    // Titles (the pictures' alt text) in the member's language too.
    expect((await search('de', 'katze')).results[0]?.title).toBe('Katze');
  });

  it('matches English keywords in every language, and other languages’ words only in theirs', async () => {
    expect(ids((await search('nl', 'coffee')).results)).toContain('coffee');
    expect(ids((await search('nl', 'koffie')).results)).toContain('coffee');
    expect((await search('en', 'koffie')).results).toEqual([]);
  });

  it('answers an empty page when nothing matches', async () => {
    const none = await search('en', 'xylophone');
    expect(none).toEqual({ results: [], has_more: false, attribution: null });
  });

  it('has an animated picture for every catalogue item, with keywords in every language', () => {
    const licence = fs.readFileSync('public/gifs/LICENSE.md', 'utf8');
    expect(CATALOGUE_GIFS.length).toBeGreaterThanOrEqual(60);
    for (const item of CATALOGUE_GIFS) {
      const svg = fs.readFileSync(path.join('public/gifs', `${item.id}.svg`), 'utf8');
      expect(svg, item.id).toMatch(/@keyframes/);
      expect(svg, item.id).toMatch(/prefers-reduced-motion/);
      expect(licence).toContain(`${item.id}.svg`);
      for (const [locale, words] of Object.entries(item.keywords))
        expect(words.trim(), `${item.id} ${locale}`).not.toBe('');
    }
  });

  it('asks visitors to log in, and limits searches per member', async () => {
    expect((await apiClient().get('/api/gifs.php?q=hi')).status).toBe(403);
    stubEnv('RATE_LIMIT_GIF_SEARCHES_PER_MINUTE', '2');
    const client = await clientFor(await createMember(db.handle().db));
    expect((await client.get('/api/gifs.php?q=a')).status).toBe(200);
    expect((await client.get('/api/gifs.php?q=b')).status).toBe(200);
    const refused = await client.get('/api/gifs.php?q=c');
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('rate_limited');
  });

  it('resolves only ids the catalogue knows, with its own addresses', async () => {
    expect(await resolveGif({ source: 'catalogue', id: 'fire' })).toMatchObject({
      source: 'catalogue',
      id: 'fire',
      url: '/gifs/fire.svg',
    });
    expect(await resolveGif({ source: 'catalogue', id: 'fire' }, { locale: 'fr' })).toMatchObject({
      title: 'Feu',
    });
    expect(await resolveGif({ source: 'catalogue', id: 'https://evil.example/x.gif' })).toBeNull();
    expect(await resolveGif({ source: 'giphy', id: 'fire' })).toBeNull();
  });
});

/** A fetch stand-in answering each URL with `answer(url)`; records the URLs asked for. */
function mockFetch(answer: (url: URL) => Response | Promise<Response>) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string) => {
      const url = new URL(String(input));
      urls.push(url);
      return answer(url);
    }),
  );
  return urls;
}

const klipyItem = (slug: string, host = 'static.klipy.com') => ({
  id: 1,
  slug,
  title: `${slug} title`,
  type: 'gif',
  file: {
    hd: { gif: { url: `https://${host}/${slug}/hd.gif`, width: 498, height: 280 } },
    md: { gif: { url: `https://${host}/${slug}/md.gif`, width: 320, height: 180 } },
    sm: { gif: { url: `https://${host}/${slug}/sm.gif`, width: 220, height: 124 } },
  },
});

describe('GIF search with KLIPY', () => {
  it('searches in the member’s language with a safe rating and maps the results', async () => {
    stubEnv('KLIPY_API_KEY', 'klipy-key');
    const urls = mockFetch(() =>
      Response.json({
        result: true,
        data: {
          data: [klipyItem('hello-there'), { type: 'ad', slug: 'ad-1' }, klipyItem('bad', 'evil.example')],
          current_page: 2,
          per_page: 24,
          has_next: true,
        },
      }),
    );
    const answer = await search('de', 'hallo', 2);
    expect(answer).toEqual({
      results: [
        {
          source: 'klipy',
          id: 'hello-there',
          url: 'https://static.klipy.com/hello-there/md.gif',
          preview: 'https://static.klipy.com/hello-there/sm.gif',
          width: 320,
          height: 180,
          title: 'hello-there title',
        },
      ],
      has_more: true,
      attribution: 'KLIPY',
    });
    const [url] = urls;
    expect(url?.pathname).toBe('/api/v1/klipy-key/gifs/search');
    expect(Object.fromEntries(url?.searchParams ?? [])).toMatchObject({
      q: 'hallo',
      page: '2',
      per_page: String(GIF_PAGE_SIZE),
      locale: 'de',
      rating: 'pg-13',
    });
    expect(url?.searchParams.get('customer_id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('asks for trending GIFs on an empty query, and resolves a picked GIF by fetching it', async () => {
    stubEnv('GIF_SERVICE', 'klipy');
    stubEnv('KLIPY_API_KEY', 'klipy-key');
    const urls = mockFetch((url) =>
      url.pathname.endsWith('/trending')
        ? Response.json({ result: true, data: { data: [klipyItem('popular')], has_next: false } })
        : url.pathname.endsWith('/gifs/known')
          ? Response.json({ result: true, data: klipyItem('known') })
          : Response.json({ result: false, message: 'not found' }, { status: 404 }),
    );
    expect(ids((await search('en', '')).results)).toEqual(['popular']);
    expect(urls[0]?.pathname).toBe('/api/v1/klipy-key/gifs/trending');
    expect(await resolveGif({ source: 'klipy', id: 'known' })).toMatchObject({
      source: 'klipy',
      id: 'known',
      url: 'https://static.klipy.com/known/md.gif',
    });
    expect(await resolveGif({ source: 'klipy', id: 'unknown' })).toBeNull();
    expect(await resolveGif({ source: 'klipy', id: '../../other' })).toBeNull();
    expect(await resolveGif({ source: 'catalogue', id: 'fire' })).toBeNull();
  });

  it('turns a failing or slow service into a clear error', async () => {
    stubEnv('KLIPY_API_KEY', 'klipy-key');
    mockFetch(() => new Response('oops', { status: 500 }));
    const member = await createMember(db.handle().db);
    const client = await clientFor(member);
    const failed = await client.get('/api/gifs.php?q=hi');
    expect(failed.status).toBe(503);
    expect(failed.json.error).toMatchObject({
      code: 'service_unavailable',
      message: 'GIF search is not available right now. Please try again in a moment.',
    });

    mockFetch(() => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')));
    const slow = await client.get('/api/gifs.php?q=hello');
    expect(slow.status).toBe(503);
    expect(slow.json.error.code).toBe('service_unavailable');
    await expect(resolveGif({ source: 'klipy', id: 'any' })).rejects.toMatchObject({
      code: 'service_unavailable',
    });
  });
});

describe('GIF search with GIPHY', () => {
  const giphyItem = (id: string) => ({
    type: 'gif',
    id,
    title: `${id} GIF`,
    images: {
      fixed_width: { url: `https://media1.giphy.com/media/${id}/200w.gif`, width: '200', height: '150' },
      fixed_width_downsampled: {
        url: `https://media1.giphy.com/media/${id}/200w_d.gif`,
        width: '200',
        height: '150',
      },
      downsized_medium: {
        url: `https://media1.giphy.com/media/${id}/giphy.gif`,
        width: '480',
        height: '360',
      },
    },
  });

  it('searches with the member’s language, rating pg-13 and offset paging, with GIPHY’s attribution', async () => {
    stubEnv('GIPHY_API_KEY', 'giphy-key');
    const urls = mockFetch(() =>
      Response.json({
        data: [giphyItem('abc123')],
        pagination: { total_count: 100, count: 24, offset: 24 },
        meta: { status: 200 },
      }),
    );
    const answer = await search('nb', 'kyss', 2);
    expect(answer.attribution).toBe('GIPHY');
    expect(answer.has_more).toBe(true);
    expect(answer.results).toEqual([
      {
        source: 'giphy',
        id: 'abc123',
        url: 'https://media1.giphy.com/media/abc123/giphy.gif',
        preview: 'https://media1.giphy.com/media/abc123/200w_d.gif',
        width: 480,
        height: 360,
        title: 'abc123 GIF',
      },
    ]);
    expect(urls[0]?.origin + (urls[0]?.pathname ?? '')).toBe('https://api.giphy.com/v1/gifs/search');
    expect(Object.fromEntries(urls[0]?.searchParams ?? [])).toMatchObject({
      api_key: 'giphy-key',
      q: 'kyss',
      lang: 'no',
      rating: 'pg-13',
      limit: String(GIF_PAGE_SIZE),
      offset: String(GIF_PAGE_SIZE),
    });
  });

  it('resolves a GIF by its id only', async () => {
    stubEnv('GIPHY_API_KEY', 'giphy-key');
    const urls = mockFetch((url) =>
      url.pathname === '/v1/gifs/abc123'
        ? Response.json({ data: giphyItem('abc123'), meta: { status: 200 } })
        : Response.json({ data: {}, meta: { status: 404 } }, { status: 404 }),
    );
    expect(await resolveGif({ source: 'giphy', id: 'abc123' })).toMatchObject({
      id: 'abc123',
      source: 'giphy',
    });
    expect(await resolveGif({ source: 'giphy', id: 'nope' })).toBeNull();
    expect(await resolveGif({ source: 'giphy', id: 'https://evil.example/a.gif' })).toBeNull();
    expect(urls).toHaveLength(2);
  });
});
