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

/**
 * What the tab's own chat state (client state, kept in a store) says and hears of server events:
 * which conversation is open and read here, and who is typing.
 */
export interface TabChatState {
  /** Whether this conversation is open in this tab and visible, so a new message in it is read. */
  isReadHere(conversation: number): boolean;
  typing(conversation: number): void;
  stoppedTyping(conversation: number): void;
}

const NO_TAB_CHAT: TabChatState = { isReadHere: () => false, typing: () => {}, stoppedTyping: () => {} };

export function applyServerEvent(
  updates: CacheUpdates,
  event: ServerEvent,
  tab: TabChatState = NO_TAB_CHAT,
): void {
  switch (event.type) {
    case 'user-changed':
      updates.userChanged();
      break;
    case 'likes-changed':
      updates.likesChanged();
      break;
    case 'message':
      updates.chatMessageReceived(event.message, event.chat, {
        isReadHere: !event.message.from_viewer && tab.isReadHere(event.chat.conversation.id),
      });
      // The partner wrote: they stopped typing.
      if (!event.message.from_viewer) tab.stoppedTyping(event.chat.conversation.id);
      break;
    case 'read':
      updates.chatSeen(event.conversation, event.seen_up_to);
      break;
    case 'chat-read':
      updates.chatRead(event.conversation);
      break;
    case 'typing':
      tab.typing(event.conversation);
      break;
    case 'chats-changed':
      updates.chatsChanged();
      break;
    case 'credits-changed':
      updates.creditsChanged(event.credits);
      break;
    case 'payment-updated':
      updates.paymentUpdated(event.payment, event.state, event.paid_user);
      break;
  }
}
