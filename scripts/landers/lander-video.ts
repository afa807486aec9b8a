import 'server-only';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Db } from '@/lib/server/db/client';
import {
  LANDER_VIDEO_MANIFEST_KEY,
  LanderVideoSchema,
  type LanderVideo,
} from '@/lib/server/landers/lander-video';
import { getStorage } from '@/lib/server/storage/get-storage';
import { poolEntry, type PoolShape } from '@/scripts/demo/generate-member';
import { DEFAULT_POOL, poolNames } from '@/scripts/demo/seed-demo-members';

/**
 * The video lander's background: a wall of demo portraits in three rows drifting slowly sideways,
 * the last moments crossfaded into the first so it loops without a jump. Small on purpose: 720p,
 * a few seconds, flat illustrations that compress well.
 */
export const VIDEO_SHAPE = {
  width: 1280,
  height: 720,
  fps: 30,
  /** Frames at the start that blend out of the loop's end. */
  fadeFrames: 36,
  rows: 3,
  tilesPerRow: 8,
  /** Which way each row moves, a pixel per frame: in one loop, a row moves by one tile. */
  directions: [1, -1, 1],
} as const;

// Changes whenever the drawing or the encoding changes, so a cached result is not reused.
const RECIPE = 'wall-v2';
const BACKGROUND = { r: 27, g: 19, b: 32 };

/** The encoder: the ffmpeg binary of @ffmpeg-installer's package for this platform, or null. */
export function ffmpegPath(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return null;
  }
}

/** The encoded video and its poster (the first frame). */
export interface RenderedVideo {
  webm: Buffer;
  mp4: Buffer;
  posterJpeg: Buffer;
  posterWebp: Buffer;
  width: number;
  height: number;
  seconds: number;
}

/** The size, timing and layout of the wall. */
export type Shape = {
  width: number;
  height: number;
  fps: number;
  fadeFrames: number;
  rows: number;
  tilesPerRow: number;
  directions: readonly number[];
};

/** Size of a tile (4:5, like the portraits), gap included. */
const tileOf = (shape: Shape) => {
  const height = Math.floor(shape.height / shape.rows);
  return { width: Math.round((height * 4) / 5), height };
};

/**
 * Frames of one loop: as many as a tile is wide, since rows move a pixel a frame. The frame after the
 * last shows every row one tile further, the same boxes with the next faces in them: the first
 * frames crossfade from those faces, so the loop closes without a jump.
 */
export const loopLength = (shape: Shape) => tileOf(shape).width;

/** One row of tiles as raw RGB, `tilesPerRow` tiles wide; frames wrap around it. */
async function rowStrip(portraits: Buffer[], shape: Shape): Promise<{ data: Buffer; width: number }> {
  const { width: tileWidth, height: rowHeight } = tileOf(shape);
  const gap = 6;
  const inner = { width: tileWidth - 2 * gap, height: rowHeight - 2 * gap };
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${inner.width}" height="${inner.height}"><rect width="100%" height="100%" rx="16" ry="16"/></svg>`,
  );
  const tiles = await Promise.all(
    portraits.map((portrait) =>
      sharp(portrait)
        .resize(inner.width, inner.height, { fit: 'cover', position: 'top' })
        .ensureAlpha()
        .composite([{ input: mask, blend: 'dest-in' }])
        .png()
        .toBuffer(),
    ),
  );
  const width = tileWidth * tiles.length;
  const { data } = await sharp({ create: { width, height: rowHeight, channels: 3, background: BACKGROUND } })
    .composite(tiles.map((input, i) => ({ input, left: i * tileWidth + gap, top: gap })))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width };
}

/** The frame at step `t` of the endless drift, as raw RGB. */
function panFrame(strips: { data: Buffer; width: number }[], shape: Shape, t: number): Buffer {
  const frame = Buffer.alloc(shape.width * shape.height * 3);
  const rowHeight = Math.floor(shape.height / shape.rows);
  const top = Math.floor((shape.height - rowHeight * shape.rows) / 2);
  if (top > 0) frame.fill(0);
  strips.forEach((strip, r) => {
    const direction = shape.directions[r % shape.directions.length] ?? 1;
    // Rows start half a tile apart, so the boxes do not stand in columns.
    const start = r % 2 ? Math.round(tileOf(shape).width / 2) : 0;
    const offset = (((start + direction * t) % strip.width) + strip.width) % strip.width;
    for (let y = 0; y < rowHeight; y++) {
      const target = (top + r * rowHeight + y) * shape.width * 3;
      const line = y * strip.width * 3;
      let copied = 0;
      let x = offset;
      while (copied < shape.width) {
        const run = Math.min(shape.width - copied, strip.width - x);
        strip.data.copy(frame, target + copied * 3, line + x * 3, line + (x + run) * 3);
        copied += run;
        x = 0;
      }
    }
  });
  return frame;
}

/** Every frame of the loop: the drift, its first frames blended out of the drift past the end. */
function* loopFrames(strips: { data: Buffer; width: number }[], shape: Shape): Generator<Buffer> {
  const total = loopLength(shape);
  for (let i = 0; i < total; i++) {
    const frame = panFrame(strips, shape, i);
    if (i < shape.fadeFrames) {
      const late = panFrame(strips, shape, i + total);
      const a = i / shape.fadeFrames;
      for (let k = 0; k < frame.length; k++)
        frame[k] = Math.round((frame[k] ?? 0) * a + (late[k] ?? 0) * (1 - a));
    }
    yield frame;
  }
}

function runFfmpeg(binary: string, args: string[], frames: Iterable<Buffer>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg stopped with ${code}: ${stderr.trim()}`)),
    );
    const iterator = frames[Symbol.iterator]();
    const pump = () => {
      for (;;) {
        const next = iterator.next();
        if (next.done) {
          child.stdin.end();
          return;
        }
        if (!child.stdin.write(next.value)) {
          child.stdin.once('drain', pump);
          return;
        }
      }
    };
    child.stdin.on('error', reject);
    pump();
  });
}

/**
 * Draws the wall from `portraits` (JPEG or PNG, any size; `rows × tilesPerRow` of them, repeated
 * when fewer) and encodes it once into VP9/WebM and H.264/MP4 (muted), with the first frame as the
 * JPEG and WebP poster.
 */
export async function renderLanderVideo(options: {
  portraits: Buffer[];
  ffmpeg: string;
  shape?: Shape;
}): Promise<RenderedVideo> {
  const shape = options.shape ?? VIDEO_SHAPE;
  if (!options.portraits.length) throw new Error('The video needs at least one portrait');
  const perRow = shape.tilesPerRow;
  const pick = (i: number) => options.portraits[i % options.portraits.length] as Buffer;
  const strips = await Promise.all(
    Array.from({ length: shape.rows }, (_, r) =>
      rowStrip(
        Array.from({ length: perRow }, (_, k) => pick(r * perRow + k)),
        shape,
      ),
    ),
  );
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lander-video-'));
  try {
    const webm = path.join(dir, 'video.webm');
    const mp4 = path.join(dir, 'video.mp4');
    const size = `${shape.width}x${shape.height}`;
    await runFfmpeg(
      options.ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', size, '-r', String(shape.fps), '-i', '-'],
        // VP9's realtime mode: a tenth of the 'good' mode's time on two cores, a fifth larger.
        ...['-an', '-c:v', 'libvpx-vp9', '-pix_fmt', 'yuv420p', '-b:v', '0', '-crf', '40'],
        ...['-deadline', 'realtime', '-cpu-used', '5', '-row-mt', '1', '-tile-columns', '2'],
        ...['-g', String(shape.fps * 2), webm],
        ...['-an', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-profile:v', 'main', '-preset', 'medium'],
        ...['-tune', 'animation', '-crf', '30', '-movflags', '+faststart', mp4],
      ],
      loopFrames(strips, shape),
    );
    const first = loopFrames(strips, shape).next().value as Buffer;
    const raw = { raw: { width: shape.width, height: shape.height, channels: 3 as const } };
    const [webmBody, mp4Body, posterJpeg, posterWebp] = await Promise.all([
      fs.readFile(webm),
      fs.readFile(mp4),
      sharp(first, raw).jpeg({ quality: 72, mozjpeg: true }).toBuffer(),
      sharp(first, raw).webp({ quality: 70 }).toBuffer(),
    ]);
    return {
      webm: webmBody,
      mp4: mp4Body,
      posterJpeg,
      posterWebp,
      width: shape.width,
      height: shape.height,
      seconds: loopLength(shape) / shape.fps,
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Pool entries the wall is made of: every third person of the pool, in turns of their pictures. */
export function videoPortraits(
  shape: PoolShape,
  count = VIDEO_SHAPE.rows * VIDEO_SHAPE.tilesPerRow,
): number[] {
  const step = Math.max(1, Math.floor(shape.characters / count));
  return Array.from({ length: Math.min(count, shape.characters) }, (_, k) =>
    poolEntry(shape, (k * step) % shape.characters, k % shape.variants),
  );
}

/** Results of earlier runs, beside the installed packages (node_modules/.cache). */
function cacheDir(ffmpeg: string): string {
  const at = ffmpeg.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  const modules = at >= 0 ? ffmpeg.slice(0, at + '/node_modules'.length) : path.resolve('node_modules');
  return path.join(modules, '.cache', 'lovelane', 'lander-video');
}

/**
 * The rendered video for these portraits, from the cache of earlier runs on this machine when the
 * same portraits were drawn with the same recipe (a fresh test database then costs no encoding).
 */
async function renderCached(
  portraits: Buffer[],
  ffmpeg: string,
  options: { force: boolean; shape: Shape },
): Promise<RenderedVideo> {
  const { shape } = options;
  const hash = createHash('sha256').update(RECIPE).update(JSON.stringify(shape));
  for (const portrait of portraits) hash.update(portrait);
  const dir = path.join(cacheDir(ffmpeg), hash.digest('hex').slice(0, 32));
  const names = ['video.webm', 'video.mp4', 'poster.jpg', 'poster.webp'] as const;
  try {
    if (options.force) throw new Error('made anew');
    const [webm, mp4, posterJpeg, posterWebp] = await Promise.all(
      names.map((n) => fs.readFile(path.join(dir, n))),
    );
    if (webm && mp4 && posterJpeg && posterWebp)
      return {
        webm,
        mp4,
        posterJpeg,
        posterWebp,
        width: shape.width,
        height: shape.height,
        seconds: loopLength(shape) / shape.fps,
      };
  } catch {
    // Not made on this machine yet.
  }
  const video = await renderLanderVideo({ portraits, ffmpeg, shape });
  try {
    await fs.mkdir(dir, { recursive: true });
    const bodies = [video.webm, video.mp4, video.posterJpeg, video.posterWebp];
    // Written aside and renamed into place: a seed running beside this one never reads half a file.
    await Promise.all(
      names.map(async (n, i) => {
        const temporary = path.join(dir, `${n}.${process.pid}.tmp`);
        await fs.writeFile(temporary, bodies[i] as Buffer);
        await fs.rename(temporary, path.join(dir, n));
      }),
    );
  } catch {
    // A read-only install still gets its video, made again next time.
  }
  return video;
}

const contentName = (body: Buffer, extension: string) =>
  `landers/${createHash('sha256').update(body).digest('hex').slice(0, 32)}.${extension}`;

/** Whether the manifest in storage describes a video whose files are all stored. */
async function storedVideo(): Promise<LanderVideo | null> {
  const storage = getStorage();
  const object = await storage.get(LANDER_VIDEO_MANIFEST_KEY);
  if (!object) return null;
  let parsed;
  try {
    parsed = LanderVideoSchema.safeParse(JSON.parse(object.body.toString('utf8')));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  const video = parsed.data;
  const files = await Promise.all(
    [video.webm, video.mp4, video.poster, video.posterWebp].map((k) => storage.get(k)),
  );
  return files.every(Boolean) ? video : null;
}

/**
 * Makes sure the video lander's background video is in photo storage, drawn from the demo portrait
 * pool (which must be stored already): served from storage under the site's cdn_prefix like photos,
 * under names that follow from the content. Without an ffmpeg for this platform it says so and the
 * lander shows its members' photos instead.
 */
export async function ensureLanderVideo(options: {
  db: Db;
  pool?: PoolShape;
  /** Make it again even when one is stored (and not from the cache). */
  force?: boolean;
  /** Another size or timing (tests make a small one). */
  shape?: Shape;
  log?: (line: string) => void;
}): Promise<'present' | 'made' | 'unavailable'> {
  const log = options.log ?? (() => undefined);
  if (!options.force && (await storedVideo())) return 'present';
  const ffmpeg = ffmpegPath();
  if (!ffmpeg) {
    log('lander video: no ffmpeg for this platform, the video lander shows photos instead');
    return 'unavailable';
  }
  const shape = options.pool ?? DEFAULT_POOL;
  const names = await poolNames(options.db, shape);
  const entries = videoPortraits(shape);
  const storage = getStorage();
  const portraits: Buffer[] = [];
  for (const n of entries) {
    const name = names[n]?.filename;
    const object = name ? await storage.get(name) : null;
    if (!object) throw new Error(`Demo portrait ${n} is not stored; load the demo members first`);
    portraits.push(object.body);
  }
  const started = Date.now();
  const video = await renderCached(portraits, ffmpeg, {
    force: options.force ?? false,
    shape: options.shape ?? VIDEO_SHAPE,
  });
  const manifest: LanderVideo = {
    webm: contentName(video.webm, 'webm'),
    mp4: contentName(video.mp4, 'mp4'),
    poster: contentName(video.posterJpeg, 'jpg'),
    posterWebp: contentName(video.posterWebp, 'webp'),
    width: video.width,
    height: video.height,
    seconds: video.seconds,
    portraits: entries,
    madeAt: new Date().toISOString(),
  };
  await storage.put(manifest.webm, video.webm, 'video/webm');
  await storage.put(manifest.mp4, video.mp4, 'video/mp4');
  await storage.put(manifest.poster, video.posterJpeg, 'image/jpeg');
  await storage.put(manifest.posterWebp, video.posterWebp, 'image/webp');
  await storage.put(LANDER_VIDEO_MANIFEST_KEY, Buffer.from(JSON.stringify(manifest)), 'application/json');
  const kb = (b: Buffer) => `${Math.round(b.length / 1024)} kB`;
  log(
    `lander video: WebM ${kb(video.webm)}, MP4 ${kb(video.mp4)}, poster ${kb(video.posterJpeg)} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return 'made';
}
