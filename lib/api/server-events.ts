// What the server tells a tab, and what each message does to the cached data. Today the tab learns by
// asking (the spec's logged-in refresh); the event stream of the chat issue delivers the same messages.
import type { CacheUpdates } from './cache-updates';

export type ServerEvent =
  /** The member's own data changed, or may have: read it again (status, credits, counts). */
  { type: 'user-changed' };

export function applyServerEvent(updates: CacheUpdates, event: ServerEvent): void {
  switch (event.type) {
    case 'user-changed':
      updates.userChanged();
      break;
  }
}
