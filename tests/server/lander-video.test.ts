import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearLanderVideo, LANDER_VIDEO_MANIFEST_KEY, landerVideo } from '@/lib/server/landers/lander-video';
import { byteRange, serveCdn } from '@/lib/server/storage/serve-cdn';
import { seedDemoMembers } from '@/scripts/demo/seed-demo-members';
import {
  ensureLanderVideo,
  ffmpegPath,
  loopLength,
  renderLanderVideo,
  type Shape,
} from '@/scripts/landers/lander-video';
import { withTestDatabase } from '../helpers/database';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lander-video-test-'));
process.env.DATA_DIR = dataDir;
const db = withTestDatabase();
const ffmpeg = ffmpegPath();

// A small wall keeps the encoding to a second or two: 48 frames of 320 × 180.
const SMALL: Shape = {
  width: 320,
  height: 180,
  fps: 30,
  fadeFrames: 12,
  rows: 3,
  tilesPerRow: 4,
  directions: [1, -1, 1],
};
const POOL = { characters: 6, variants: 2 };

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  await seedDemoMembers({ db: db.handle().db, members: 6, pool: POOL });
});
afterAll(() => {
  delete process.env.DATA_DIR;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Frames ffmpeg decodes from an encoded file: proof that it plays, and how long. */
function decodedFrames(file: string): number {
  const result = spawnSync(
    ffmpeg ?? 'ffmpeg',
    ['-hide_banner', '-i', file, '-map', '0:v', '-f', 'null', '-'],
    {
      encoding: 'utf8',
    },
  );
  expect(result.status, result.stderr).toBe(0);
  const frames = [...result.stderr.matchAll(/frame=\s*(\d+)/g)].at(-1)?.[1];
  return Number(frames);
}

const tile = (background: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 80, height: 100, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe('the video lander’s background video', () => {
  it.skipIf(!ffmpeg)(
    'is encoded as VP9 WebM and H.264 MP4 of one loop, with its first frame as poster',
    async () => {
      const portraits = await Promise.all([
        tile({ r: 240, g: 120, b: 160 }),
        tile({ r: 255, g: 200, b: 80 }),
        tile({ r: 90, g: 160, b: 230 }),
      ]);
      const video = await renderLanderVideo({ portraits, ffmpeg: ffmpeg ?? '', shape: SMALL });
      expect(video.seconds).toBeCloseTo(loopLength(SMALL) / SMALL.fps);

      // WebM: an EBML header and the VP9 codec id.
      expect(video.webm.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
      expect(video.webm.includes('V_VP9')).toBe(true);
      // MP4: an ftyp box, H.264 (avc1), and the index before the media so playback starts at once.
      expect(video.mp4.subarray(4, 8).toString()).toBe('ftyp');
      expect(video.mp4.includes('avc1')).toBe(true);
      expect(video.mp4.indexOf('moov')).toBeLessThan(video.mp4.indexOf('mdat'));
      // No sound track in either.
      expect(video.webm.includes('A_OPUS') || video.webm.includes('A_VORBIS')).toBe(false);
      expect(video.mp4.includes('mp4a')).toBe(false);

      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lander-video-files-'));
      try {
        fs.writeFileSync(path.join(dir, 'v.webm'), video.webm);
        fs.writeFileSync(path.join(dir, 'v.mp4'), video.mp4);
        expect(decodedFrames(path.join(dir, 'v.webm'))).toBe(loopLength(SMALL));
        expect(decodedFrames(path.join(dir, 'v.mp4'))).toBe(loopLength(SMALL));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }

      for (const [poster, format] of [
        [video.posterJpeg, 'jpeg'],
        [video.posterWebp, 'webp'],
      ] as const) {
        const meta = await sharp(poster).metadata();
        expect(meta.format).toBe(format);
        expect([meta.width, meta.height]).toEqual([SMALL.width, SMALL.height]);
      }
    },
  );

  it.skipIf(!ffmpeg)(
    'is stored once from the demo portraits, served under /cdn/ in byte ranges, and read by the lander',
    async () => {
      const made = await ensureLanderVideo({ db: db.handle().db, pool: POOL, shape: SMALL });
      expect(made).toBe('made');
      expect(await ensureLanderVideo({ db: db.handle().db, pool: POOL, shape: SMALL })).toBe('present');

      clearLanderVideo();
      const video = await landerVideo();
      expect(video).not.toBeNull();
      if (!video) return;
      expect(video.portraits.length).toBeGreaterThan(0);
      expect([video.width, video.height]).toEqual([SMALL.width, SMALL.height]);

      const cdn = (key: string, headers: Record<string, string> = {}) =>
        serveCdn(new Request(`http://lovelane.test/cdn/${key}`, { headers }));
      for (const [key, type] of [
        [video.webm, 'video/webm'],
        [video.mp4, 'video/mp4'],
        [video.poster, 'image/jpeg'],
        [video.posterWebp, 'image/webp'],
      ] as const) {
        const whole = await cdn(key);
        expect(whole.status, key).toBe(200);
        expect(whole.headers.get('content-type')).toBe(type);
        expect(whole.headers.get('accept-ranges')).toBe('bytes');
        expect(whole.headers.get('cache-control')).toContain('immutable');
      }
      const size = (await (await cdn(video.webm)).arrayBuffer()).byteLength;
      const part = await cdn(video.webm, { Range: 'bytes=10-19' });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 10-19/${size}`);
      expect((await part.arrayBuffer()).byteLength).toBe(10);
      const past = await cdn(video.webm, { Range: `bytes=${size}-` });
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
      // The description itself is not a public file.
      expect((await cdn(LANDER_VIDEO_MANIFEST_KEY)).status).toBe(404);
    },
  );
});

describe('byte ranges of /cdn/', () => {
  it('reads one range, open ends and suffixes; leaves what it does not understand to a whole answer', () => {
    expect(byteRange(null, 100)).toBeNull();
    expect(byteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(byteRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=9-3', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=0-1,5-9', 100)).toBeNull();
    expect(byteRange('items=0-9', 100)).toBeNull();
  });
});
