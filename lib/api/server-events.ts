// What the server tells a tab, and what each message does to the cached data. The tab learns by
// asking (the spec's logged-in refresh) and from the event stream (`GET /api/events.php`); both
// deliver here.
import type { ServerEventData } from '@/lib/shared/schemas/chat';
import type { CacheUpdates } from './cache-updates';

export type ServerEvent =
  /** The member's own data changed, or may have: read it again (status, credits, counts). */
  | { type: 'user-changed' }
  /** What the event stream sends (lib/shared/schemas/chat.ts). */
  | ServerEventData;

export function applyServerEvent(updates: CacheUpdates, event: ServerEvent): void {
  switch (event.type) {
    case 'user-changed':
      updates.userChanged();
      break;
    case 'likes-changed':
      updates.likesChanged();
      break;
    case 'message':
      updates.chatMessageReceived(event.message, event.chat);
      break;
    case 'read':
      updates.chatSeen(event.conversation, event.seen_up_to);
      break;
    case 'chat-read':
      updates.chatRead(event.conversation);
      break;
    case 'typing':
      updates.chatTyping(event.conversation, event.member);
      break;
    case 'chats-changed':
      updates.chatsChanged();
      break;
    case 'credits-changed':
      updates.creditsChanged(event.credits);
      break;
  }
}
