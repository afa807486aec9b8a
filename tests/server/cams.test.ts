// Promoted partner cams (setting member_resell): the sources, the cards pages show, and the counted
// link out to the partner.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CatalogueCamSource } from '@/lib/server/cams/catalogue-cams';
import { CAMS_FEED_TTL_MS, FeedCamSource, parseCamFeed } from '@/lib/server/cams/feed-cams';
import { getCamSource } from '@/lib/server/cams/get-cam-source';
import { partnerLink } from '@/lib/server/cams/partner-link';
import { promotedCams } from '@/lib/server/cams/promoted-cams';
import { camClicks } from '@/lib/server/db/schema';
import { resetEnv } from '@/lib/server/env';
import { upsertSite } from '@/lib/server/settings/update-site';
import { CAM_ID_PATTERN } from '@/lib/shared/values/cams';
import { apiClient } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();

const feedCam = (patch: Record<string, unknown> = {}) => ({
  id: 'p-1',
  name: 'Nova',
  age: 25,
  country: 'DE',
  image: 'https://img.partner.example/nova.jpg',
  link: 'https://partner.example/live/{id}?aff=123&campaign={network}&s1={sub1}',
  ...patch,
});

describe('the catalogue shipped with the app', () => {
  it('lists a dozen cams, each with its own portrait and an https partner link', async () => {
    const cams = await new CatalogueCamSource().list();
    expect(cams).toHaveLength(12);
    expect(new Set(cams.map((cam) => cam.id)).size).toBe(12);
    for (const cam of cams) {
      expect(cam.id).toMatch(CAM_ID_PATTERN);
      expect(cam.age).toBeGreaterThanOrEqual(18);
      expect(fs.existsSync(path.join('public', cam.image))).toBe(true);
      expect(new URL(partnerLink(cam, null)).protocol).toBe('https:');
    }
  });

  it('is the source unless a partner feed is configured', () => {
    expect(getCamSource().name).toBe('catalogue');
    process.env.CAMS_FEED_URL = 'https://partner.example/feed.json';
    resetEnv();
    try {
      expect(getCamSource().name).toBe('feed');
      expect(getCamSource()).toBe(getCamSource());
    } finally {
      delete process.env.CAMS_FEED_URL;
      resetEnv();
    }
    expect(getCamSource().name).toBe('catalogue');
  });
});

describe('a partner feed', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the cams that fit and leaves out the rest, one by one', () => {
    const cams = parseCamFeed({
      cams: [
        feedCam(),
        feedCam({ id: 'p 2' }),
        feedCam({ id: 'p-3', age: 17 }),
        feedCam({ id: 'p-4', image: 'http://img.partner.example/x.jpg' }),
        feedCam({ id: 'p-5', link: 'javascript:alert(1)//{id}' }),
        feedCam({ id: 'p-6', country: 'germany' }),
        'nonsense',
      ],
    });
    expect(cams.map((cam) => cam.id)).toEqual(['p-1']);
    expect(() => parseCamFeed({ profiles: [] })).toThrow();
  });

  it('is fetched once in a while, and its last good list serves while the partner fails', async () => {
    let now = 1_000_000;
    let answer: () => Response = () => Response.json({ cams: [feedCam()] });
    const fetchFeed = vi.fn((_url: string | URL | Request, _init?: RequestInit) => Promise.resolve(answer()));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const source = new FeedCamSource('https://partner.example/feed.json', fetchFeed, () => now);

    const [first, second] = await Promise.all([source.list(), source.list()]);
    expect(first.map((cam) => cam.id)).toEqual(['p-1']);
    expect(second).toBe(first);
    expect(fetchFeed).toHaveBeenCalledTimes(1);
    now += CAMS_FEED_TTL_MS - 1;
    await source.list();
    expect(fetchFeed).toHaveBeenCalledTimes(1);

    now += 2;
    answer = () => new Response('down', { status: 503 });
    expect((await source.list()).map((cam) => cam.id)).toEqual(['p-1']);
    answer = () => Response.json({ cams: 'broken' });
    now += 61_000;
    expect((await source.list()).map((cam) => cam.id)).toEqual(['p-1']);
    expect(fetchFeed).toHaveBeenCalledTimes(3);

    // A partner never reached gives nothing at all.
    const never = new FeedCamSource('https://partner.example/feed.json', () =>
      Promise.reject(new Error('unreachable')),
    );
    expect(await never.list()).toEqual([]);
  });
});

describe('the partner link', () => {
  it('carries the cam and the visitor’s traffic source, encoded, and drops what is unknown', () => {
    const url = new URL(partnerLink(feedCam(), { network: 'ad net&x=1', ref: 'r' }));
    expect(url.origin + url.pathname).toBe('https://partner.example/live/p-1');
    expect(Object.fromEntries(url.searchParams)).toEqual({ aff: '123', campaign: 'ad net&x=1' });
    expect(partnerLink(feedCam(), null)).toBe('https://partner.example/live/p-1?aff=123');
  });
});

describe('promoted cams on a page', () => {
  it('are none unless the site promotes cams', async () => {
    expect(
      await promotedCams({
        settings: { member_resell: false, geoip_selected_country: 'DE' },
        placement: 'search',
      }),
    ).toEqual([]);
  });

  it('are a few cams, the visitor’s country first, each linking out through the site', async () => {
    const cards = await promotedCams({
      settings: { member_resell: true, geoip_selected_country: 'IT' },
      placement: 'gallery',
    });
    expect(cards).toHaveLength(4);
    expect(cards.slice(0, 2).map((card) => card.country)).toEqual(['IT', 'IT']);
    expect(cards[0]).toMatchObject({ href: `/api/cams/out.php?id=${cards[0]?.id}&from=gallery` });
  });
});

describe('the link out', () => {
  const clicks = (camId: string) => db.handle().db.select().from(camClicks).where(eq(camClicks.camId, camId));

  it('counts the click and sends the visitor to the partner with their traffic source', async () => {
    await upsertSite({ domain: 'cams.test', changes: { memberResell: true } });
    const visitor = apiClient({ host: 'cams.test' });
    visitor.cookies.set('tracking', encodeURIComponent(JSON.stringify({ network: 'adnet', sub1: 'b1' })));
    visitor.cookies.set('lander', 'gallery/berlin');
    const res = await visitor.get('/api/cams/out.php?id=lena-blue&from=gallery');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://cams.example/lena-blue?network=adnet&sub1=b1');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await clicks('lena-blue')).toEqual([
      expect.objectContaining({ placement: 'gallery', lander: 'gallery', network: 'adnet' }),
    ]);
  });

  it('passes nothing of the visitor to the partner when they ask not to be tracked', async () => {
    const visitor = apiClient({ host: 'cams.test' });
    visitor.cookies.set('tracking', encodeURIComponent(JSON.stringify({ network: 'adnet', sub1: 'b1' })));
    const res = await visitor.get('/api/cams/out.php?id=marco-live&from=search', { 'sec-gpc': '1' });
    expect(res.headers.get('location')).toBe('https://cams.example/marco-live');
  });

  it('leads nowhere where cams are not promoted, for unknown cams or places', async () => {
    expect((await apiClient().get('/api/cams/out.php?id=lena-blue&from=search')).status).toBe(404);
    const visitor = apiClient({ host: 'cams.test' });
    expect((await visitor.get('/api/cams/out.php?id=nobody&from=search')).status).toBe(404);
    expect((await visitor.get('/api/cams/out.php?id=lena-blue&from=elsewhere')).status).toBe(422);
    expect((await visitor.get('/api/cams/out.php?id=https://evil.example&from=search')).status).toBe(422);
    expect(await clicks('nobody')).toEqual([]);
  });
});
