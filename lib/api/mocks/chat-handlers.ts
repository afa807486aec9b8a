import { http, HttpResponse } from 'msw';
import type {
  Chat,
  ChatComposer,
  ChatMessage,
  ChatPartner,
  Chats,
  ChatSend,
  ChatSent,
  ChatSummary,
} from '@/lib/shared/schemas/chat';
import type { ErrorCode } from '@/lib/shared/schemas/errors';
import { CHAT_PAGE_SIZE } from '@/lib/shared/values/chat';
import { apiError } from './api-error';

/** One mocked conversation: the partner and every message, oldest first. */
export interface MockConversation {
  id: number;
  partner: ChatPartner;
  messages: ChatMessage[];
  /** The viewer's newest message the partner read. */
  seenUpTo: number | null;
  /** The newest of the partner's messages the viewer read. */
  readUpTo: number;
  composer: ChatComposer;
}

export interface MockChatState {
  conversations: MockConversation[];
  /** Partners the viewer may start a conversation with, by id. */
  partners: Map<number, ChatPartner>;
  credits: number;
  /** Requests the mocks received, for assertions: sends, reads, removals, typing. */
  sent: ChatSend[];
  reads: { conversation: number; message: number }[];
  removed: number[];
  typing: number[];
  /** When set, the next calls of this kind answer this error. */
  failSend: { code: ErrorCode; message?: string } | null;
  failRemove: { code: ErrorCode; message?: string } | null;
  failList: boolean;
  nextId: number;
}

export const mockComposer = (change: Partial<ChatComposer> = {}): ChatComposer => ({
  message_credits: 10,
  photo_credits: 5,
  gift_credits: 20,
  message_length: 1000,
  message_cost: { costs: 1.99, currency: 'EUR' },
  blocked_reason: null,
  ...change,
});

export const mockPartner = (id: number, change: Partial<ChatPartner> = {}): ChatPartner => ({
  id,
  name: ['Emma', 'Sofie', 'Lotte', 'Anna', 'Julia', 'Mila'][id % 6] ?? `Member ${id}`,
  age: 25 + (id % 10),
  city: 'Amsterdam',
  fictional: false,
  verified: false,
  online: id % 2 === 0,
  thumb: null,
  unavailable: false,
  awaiting_confirmation: false,
  ...change,
});

export const mockMessage = (
  id: number,
  conversation: number,
  change: Partial<ChatMessage> = {},
): ChatMessage => ({
  id,
  conversation,
  from_viewer: false,
  kind: 'text',
  text: `Message ${id}`,
  gift: null,
  gif: null,
  photo: null,
  credits: 0,
  sent_at: new Date(Date.UTC(2026, 10, 24, 18, 0) + id * 60_000).toISOString(),
  ...change,
});

export function createMockChatState(): MockChatState {
  return {
    conversations: [],
    partners: new Map(),
    credits: 100,
    sent: [],
    reads: [],
    removed: [],
    typing: [],
    failSend: null,
    failRemove: null,
    failList: false,
    nextId: 1000,
  };
}

/** Adds a conversation with `count` messages alternating between the partner and the viewer. */
export function addMockConversation(
  state: MockChatState,
  id: number,
  options: { partner?: Partial<ChatPartner>; count?: number; unread?: number; messages?: ChatMessage[] } = {},
): MockConversation {
  const partner = mockPartner(100 + id, options.partner);
  const messages =
    options.messages ??
    Array.from({ length: options.count ?? 2 }, (_, i) =>
      mockMessage(id * 100 + i + 1, id, {
        from_viewer: i % 2 === 1,
        text: `Message ${i + 1} with ${partner.name}`,
      }),
    );
  const unread = options.unread ?? 0;
  const fromPartner = messages.filter((m) => !m.from_viewer);
  const readUpTo = fromPartner[fromPartner.length - 1 - unread]?.id ?? 0;
  const conversation: MockConversation = {
    id,
    partner,
    messages,
    seenUpTo: null,
    readUpTo,
    composer: mockComposer(),
  };
  state.conversations.unshift(conversation);
  state.partners.set(partner.id, partner);
  return conversation;
}

function summaryOf(c: MockConversation): ChatSummary {
  const last = c.messages[c.messages.length - 1];
  return {
    conversation: { id: c.id },
    profile: c.partner,
    num_unread_messages: c.messages.filter((m) => !m.from_viewer && m.id > c.readUpTo).length,
    last_message: last
      ? {
          kind: last.kind,
          preview: last.kind === 'text' ? (last.text ?? '').slice(0, 100) : null,
          from_viewer: last.from_viewer,
          seen: last.from_viewer && c.seenUpTo !== null && c.seenUpTo >= last.id,
          sent_at: last.sent_at,
        }
      : null,
  };
}

export function mockChats(state: MockChatState): Chats {
  const chats = state.conversations
    .map(summaryOf)
    .sort((a, b) => (b.last_message?.sent_at ?? '').localeCompare(a.last_message?.sent_at ?? ''));
  return { chats, num_unread_messages: chats.reduce((sum, c) => sum + c.num_unread_messages, 0) };
}

function chatOf(
  state: MockChatState,
  c: MockConversation | undefined,
  member: number,
  before?: number,
): Chat {
  const partner = c?.partner ?? state.partners.get(member) ?? mockPartner(member);
  const all = c?.messages ?? [];
  const older = before === undefined ? all : all.filter((m) => m.id < before);
  const messages = older.slice(-CHAT_PAGE_SIZE);
  return {
    conversation: c ? { id: c.id } : null,
    profile: partner,
    messages,
    has_more: older.length > messages.length,
    seen_up_to: c?.seenUpTo ?? null,
    composer: c?.composer ?? mockComposer(),
  };
}

/** The chat endpoints of the mocked API, kept in `state`. */
export function createChatHandlers(state: MockChatState) {
  const find = (conversation: number) => state.conversations.find((c) => c.id === conversation);
  return [
    http.get('*/api/chats.php', () => {
      if (state.failList) return apiError('internal_error');
      return HttpResponse.json(mockChats(state));
    }),
    http.get('*/api/chat.php', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const before = params.get('before') ? Number(params.get('before')) : undefined;
      if (params.get('conversation')) {
        const c = find(Number(params.get('conversation')));
        if (!c) return apiError('not_found');
        return HttpResponse.json(chatOf(state, c, c.partner.id, before));
      }
      const member = Number(params.get('member'));
      const c = state.conversations.find((x) => x.partner.id === member);
      return HttpResponse.json(chatOf(state, c, member, before));
    }),
    http.post('*/api/chat.php', async ({ request }) => {
      const body = (await request.json()) as ChatSend;
      state.sent.push(body);
      if (state.failSend) return apiError(state.failSend.code, { message: state.failSend.message });
      let c = state.conversations.find((x) => x.partner.id === body.member);
      if (!c) {
        c = {
          id: state.nextId++,
          partner: state.partners.get(body.member) ?? mockPartner(body.member),
          messages: [],
          seenUpTo: null,
          readUpTo: 0,
          composer: mockComposer(),
        };
        state.conversations.unshift(c);
      }
      const price = body.kind === 'gift' ? c.composer.gift_credits : c.composer.message_credits;
      state.credits -= price;
      const message = mockMessage(state.nextId++, c.id, {
        from_viewer: true,
        kind: body.kind,
        text: body.kind === 'text' ? body.text : null,
        gift: body.kind === 'gift' ? { id: body.gift, image: `/gifts/${body.gift}.svg` } : null,
        gif:
          body.kind === 'gif'
            ? {
                url: `/gif/${body.gif.id}.gif`,
                preview: `/gif/${body.gif.id}.gif`,
                width: 200,
                height: 150,
                title: 'GIF',
              }
            : null,
        credits: price,
        sent_at: new Date().toISOString(),
      });
      c.messages.push(message);
      const answer: ChatSent = { message, conversation: { id: c.id }, credits: state.credits };
      return HttpResponse.json(answer);
    }),
    http.delete('*/api/chat.php', async ({ request }) => {
      const body = (await request.json()) as { conversation: number };
      state.removed.push(body.conversation);
      if (state.failRemove) return apiError(state.failRemove.code, { message: state.failRemove.message });
      state.conversations = state.conversations.filter((c) => c.id !== body.conversation);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/chat-read.php', async ({ request }) => {
      const body = (await request.json()) as { conversation: number; message: number };
      state.reads.push(body);
      const c = find(body.conversation);
      if (c) c.readUpTo = Math.max(c.readUpTo, body.message);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/chat-typing.php', async ({ request }) => {
      const body = (await request.json()) as { conversation: number };
      state.typing.push(body.conversation);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
