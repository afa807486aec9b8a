// What the server tells a tab, and what each message does to the cached data. Today the tab learns by
// asking (the spec's logged-in refresh); the event stream of the chat issue delivers the same messages.
import type { CacheUpdates } from './cache-updates';

export type ServerEvent =
  /** The member's own data changed, or may have: read it again (status, credits, counts). */
  | { type: 'user-changed' }
  /** Likes were sent or received, or may have been: read the viewer's likes again. */
  | { type: 'likes-changed' };

export function applyServerEvent(updates: CacheUpdates, event: ServerEvent): void {
  switch (event.type) {
    case 'user-changed':
      updates.userChanged();
      break;
    case 'likes-changed':
      updates.likesChanged();
      break;
  }
}
