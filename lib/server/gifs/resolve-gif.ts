import 'server-only';
import type { StoredGif } from '../db/schema/chat';

/** The GIF a member picked, as it is stored with the message, or null when the service knows none. */
export function resolveGif(ref: { source: string; id: string }): Promise<StoredGif | null> {
  void ref;
  return Promise.resolve(null);
}
