import 'server-only';
import { env } from '../env';
import type { CamSource } from './cam-source';
import { CatalogueCamSource } from './catalogue-cams';
import { FeedCamSource } from './feed-cams';

const KEY = Symbol.for('flirt.cam-source');
type Holder = { [KEY]?: { url: string; source: CamSource } };

/**
 * The cam source the environment names: the partner feed of CAMS_FEED_URL, else the catalogue
 * shipped with the app. One per process (the feed's cache is shared), made anew when the address
 * changes.
 */
export function getCamSource(): CamSource {
  const url = env().CAMS_FEED_URL ?? '';
  const holder = globalThis as Holder;
  const made = holder[KEY];
  if (made?.url === url) return made.source;
  const source = url ? new FeedCamSource(url) : new CatalogueCamSource();
  holder[KEY] = { url, source };
  return source;
}
