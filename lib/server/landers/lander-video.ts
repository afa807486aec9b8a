import 'server-only';
import { z } from 'zod';
import { processSingleton } from '../global';
import { getStorage } from '../storage/get-storage';
import { isPrivateStorageKey, isValidStorageKey } from '../storage/keys';

/**
 * Where the video lander's background video is described in photo storage: written when the demo
 * data is loaded (scripts/landers/lander-video.ts), read by the lander. A site without it shows the
 * lander with its members' photos instead of the video.
 */
export const LANDER_VIDEO_MANIFEST_KEY = 'landers/background-video.json';

const PublicKey = z.string().refine((key) => isValidStorageKey(key) && !isPrivateStorageKey(key));

export const LanderVideoSchema = z.object({
  /** Storage names (served under the site's cdn_prefix) of the VP9 and H.264 encodings. */
  webm: PublicKey,
  mp4: PublicKey,
  /** The first frame as JPEG and WebP: the poster and the lander's largest paint. */
  poster: PublicKey,
  posterWebp: PublicKey,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  seconds: z.number().positive(),
  /** Demo portrait pool entries the video is made of, in order of their tiles. */
  portraits: z.array(z.number().int().nonnegative()),
  madeAt: z.string(),
});
/** The stored background video of the video lander. */
export type LanderVideo = z.infer<typeof LanderVideoSchema>;

const TTL_MS = 60_000;
/** The video made last, kept for the whole process (one copy for the API and the pages). */
const kept = () =>
  processSingleton<{ cached: { at: number; video: Promise<LanderVideo | null> } | null }>(
    'lander-video',
    () => ({
      cached: null,
    }),
  );

async function loadLanderVideo(): Promise<LanderVideo | null> {
  const object = await getStorage().get(LANDER_VIDEO_MANIFEST_KEY);
  if (!object) return null;
  try {
    const parsed = LanderVideoSchema.safeParse(JSON.parse(object.body.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The video lander's background video, or null when none is stored. Read from storage at most once
 * a minute per process: paid traffic costs no storage read per visitor.
 */
export function landerVideo(options: { now?: number } = {}): Promise<LanderVideo | null> {
  const now = options.now ?? Date.now();
  const state = kept();
  if (state.cached && now - state.cached.at < TTL_MS) return state.cached.video;
  const video = loadLanderVideo().catch((error: unknown) => {
    console.error('[landers] the background video could not be read:', error);
    state.cached = null;
    return null;
  });
  state.cached = { at: now, video };
  return video;
}

/** Forgets the cached video (tests, and the seed after making a new one). */
export function clearLanderVideo(): void {
  kept().cached = null;
}
