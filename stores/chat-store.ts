import { createStore } from 'zustand/vanilla';
import type { ChatSend } from '@/lib/shared/schemas/chat';
import { TYPING_SHOWN_MS } from '@/lib/shared/values/chat';

/** A message the viewer wrote that the server has not confirmed yet, or refused. */
export interface PendingMessage {
  /** The send's idempotency key: a retry sends the same key, so the message is delivered once. */
  clientKey: string;
  kind: 'text' | 'gift' | 'gif' | 'photo';
  /** What to send again on a retry (with the same key). */
  retry: { kind: 'message'; body: ChatSend } | { kind: 'photo'; photo: Blob };
  /** What the bubble shows while it is on its way. */
  text: string | null;
  /** A picture to show (a gift's or GIF's image, or the chosen photo's object URL). */
  image: { url: string; width: number; height: number } | null;
  status: 'sending' | 'failed';
  /** The refusal's code and text (in the viewer's language), once it failed. */
  error: { code: string | null; message: string | null } | null;
  createdAt: number;
}

/**
 * The chat's client state: who is typing (until when), what the viewer is writing per conversation
 * (drafts), and messages still on their way. Messages themselves are server data (React Query).
 * Drafts and pending messages are kept per member (`chatKeyOf`): the same before and after the
 * first message creates the conversation.
 */
export interface ChatState {
  /** Conversation id → the time (ms) until which the other member is shown as typing. */
  typingUntil: Record<number, number>;
  /** The conversation open on screen, if any: a message arriving there is read at once. */
  openConversation: number | null;
  drafts: Record<string, string>;
  /** Members whose empty conversation offered the icebreakers by itself already. */
  icebreakersOffered: Record<string, true>;
  pending: Record<string, PendingMessage[]>;
  setOpenConversation: (conversation: number | null) => void;
  setTyping: (conversation: number, now?: number) => void;
  clearTyping: (conversation: number) => void;
  setDraft: (key: string, text: string) => void;
  setIcebreakersOffered: (key: string) => void;
  addPending: (key: string, message: PendingMessage) => void;
  updatePending: (key: string, clientKey: string, change: Partial<PendingMessage>) => void;
  removePending: (key: string, clientKey: string) => void;
}

export function createChatStore() {
  return createStore<ChatState>()((set) => ({
    typingUntil: {},
    openConversation: null,
    drafts: {},
    icebreakersOffered: {},
    pending: {},
    setOpenConversation: (openConversation) => set({ openConversation }),
    setTyping: (conversation, now = Date.now()) =>
      set((state) => ({ typingUntil: { ...state.typingUntil, [conversation]: now + TYPING_SHOWN_MS } })),
    clearTyping: (conversation) =>
      set((state) => {
        if (!(conversation in state.typingUntil)) return state;
        const typingUntil = { ...state.typingUntil };
        delete typingUntil[conversation];
        return { typingUntil };
      }),
    setIcebreakersOffered: (key) =>
      set((state) => ({ icebreakersOffered: { ...state.icebreakersOffered, [key]: true } })),
    setDraft: (key, text) => set((state) => ({ drafts: { ...state.drafts, [key]: text } })),
    addPending: (key, message) =>
      set((state) => ({ pending: { ...state.pending, [key]: [...(state.pending[key] ?? []), message] } })),
    updatePending: (key, clientKey, change) =>
      set((state) => ({
        pending: {
          ...state.pending,
          [key]: (state.pending[key] ?? []).map((m) => (m.clientKey === clientKey ? { ...m, ...change } : m)),
        },
      })),
    removePending: (key, clientKey) =>
      set((state) => ({
        pending: {
          ...state.pending,
          [key]: (state.pending[key] ?? []).filter((m) => m.clientKey !== clientKey),
        },
      })),
  }));
}

export type ChatStore = ReturnType<typeof createChatStore>;

const stores = new WeakMap<object, ChatStore>();

/**
 * The chat store that belongs with a query client: one per server render and one per browser tab,
 * like the query client itself, so the event stream's cache updates and the chat's components share it.
 */
export function chatStoreFor(owner: object): ChatStore {
  let store = stores.get(owner);
  if (!store) {
    store = createChatStore();
    stores.set(owner, store);
  }
  return store;
}

/** The store key of the conversation with a member. */
export const chatKeyOf = (member: number) => `m${member}`;
