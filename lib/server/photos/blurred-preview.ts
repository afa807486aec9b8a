import 'server-only';
import sharp from 'sharp';
import { getStorage } from '../storage/get-storage';
import { processSingleton } from '../global';

/** Previews kept in memory, by thumbnail key: a few hundred bytes each. */
const MAX_CACHED = 10_000;
/** Kept for the whole process (one copy for the API and the pages), looked up on each use. */
const cacheOf = () => processSingleton('blurred-previews', () => new Map<string, Promise<string | null>>());

/**
 * A locked photo as a viewer may see it: 12 × 16 pixels of its colours, as a data URL. The page scales
 * it up blurred behind a lock; nothing of the real photo beyond those pixels leaves the server, and
 * the photo's own address is never sent.
 */
export function blurredPreview(thumbKey: string): Promise<string | null> {
  const cache = cacheOf();
  const hit = cache.get(thumbKey);
  if (hit) {
    // Most recently used last: the oldest entry is the first to go.
    cache.delete(thumbKey);
    cache.set(thumbKey, hit);
    return hit;
  }
  const preview = makePreview(thumbKey).catch(() => null);
  cache.set(thumbKey, preview);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  return preview;
}

async function makePreview(thumbKey: string): Promise<string | null> {
  const stored = await getStorage().get(thumbKey);
  if (!stored) return null;
  const tiny = await sharp(stored.body)
    .resize(12, 16, { fit: 'cover' })
    .blur(1)
    .webp({ quality: 40 })
    .toBuffer();
  return `data:image/webp;base64,${tiny.toString('base64')}`;
}
