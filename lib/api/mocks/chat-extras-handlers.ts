import { http, HttpResponse } from 'msw';
import type { ChatSent, Gift, GifResult } from '@/lib/shared/schemas/chat';
import { GIF_PAGE_SIZE } from '@/lib/shared/values/chat';
import { apiError } from './api-error';

/** What the mocked gift, GIF and icebreaker endpoints answer; tests change it to reach each state. */
export interface MockChatExtrasState {
  gifts: Gift[];
  giftCredits: number;
  /** The viewer's credits; a gift costing more is refused with `insufficient_credits`. */
  credits: number;
  /** Every GIF the mocked search knows, found by a word of its title. */
  gifs: GifResult[];
  attribution: string | null;
  icebreakers: string[];
  /** Endpoints that answer with an error instead (`gifts`, `gifs`, `icebreakers`, `send`). */
  failing: Set<'gifts' | 'gifs' | 'icebreakers' | 'send'>;
  /** The GIF queries received, in order. */
  gifQueries: string[];
  /** The gift sends received. */
  sent: { member: number; gift: string; client_key: string }[];
}

const GIFT_NAMES: [string, string][] = [
  ['rose', 'Rose'],
  ['heart', 'Heart'],
  ['kiss', 'Kiss'],
  ['bouquet', 'Bouquet'],
  ['chocolates', 'Chocolates'],
  ['champagne', 'Champagne'],
  ['teddy-bear', 'Teddy bear'],
  ['coffee', 'Coffee'],
];

const GIF_TITLES: [string, string][] = [
  ['wave', 'Waving hand'],
  ['hearts', 'Floating hearts'],
  ['laugh', 'Laughing face'],
  ['wink', 'Wink'],
  ['kiss', 'Blowing a kiss'],
  ['fire', 'Fire'],
  ['party', 'Party popper'],
  ['coffee', 'Coffee'],
  ['cat', 'Cat'],
  ['good-night', 'Good night'],
];

export const catalogueGif = (id: string, title: string): GifResult => ({
  source: 'catalogue',
  id,
  url: `/gifs/${id}.svg`,
  preview: `/gifs/${id}.svg`,
  width: 160,
  height: 160,
  title,
});

export function createMockChatExtrasState(): MockChatExtrasState {
  return {
    gifts: GIFT_NAMES.map(([id, name]) => ({ id, name, image: `/gifts/${id}.svg` })),
    giftCredits: 20,
    credits: 100,
    gifs: GIF_TITLES.map(([id, title]) => catalogueGif(id, title)),
    attribution: null,
    icebreakers: [
      'Hi Anna! I couldn’t scroll past your profile without saying hello.',
      'I see “Travel” on your profile. What got you into it?',
      'What does a perfect Sunday look like for you?',
      'Coffee or cocktails for a first date? I’m curious what you’d pick.',
      'Anna, I’d love to get to know you. What should I know first?',
      'Beach holiday or city trip? Choose wisely 😉',
    ],
    failing: new Set(),
    gifQueries: [],
    sent: [],
  };
}

let messageId = 1_000;

/** The gift catalogue, GIF search, icebreakers and sending a gift, as the real API answers them. */
export function createChatExtrasHandlers(state: MockChatExtrasState = createMockChatExtrasState()) {
  return [
    http.get('*/api/gifts.php', () =>
      state.failing.has('gifts')
        ? apiError('internal_error')
        : HttpResponse.json({ gifts: state.gifts, gift_credits: state.giftCredits }),
    ),
    http.get('*/api/gifs.php', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const query = (params.get('q') ?? '').trim().toLowerCase();
      const page = Number(params.get('page') ?? '1');
      state.gifQueries.push(query);
      if (state.failing.has('gifs')) {
        return apiError('service_unavailable', { messageKey: 'gif_search_failed' });
      }
      const found = query
        ? state.gifs.filter((gif) =>
            gif.title
              .toLowerCase()
              .split(/\s+/)
              .some((w) => w.startsWith(query)),
          )
        : state.gifs;
      const start = (page - 1) * GIF_PAGE_SIZE;
      return HttpResponse.json({
        results: found.slice(start, start + GIF_PAGE_SIZE),
        has_more: found.length > start + GIF_PAGE_SIZE,
        attribution: state.attribution,
      });
    }),
    http.get('*/api/icebreakers.php', () =>
      state.failing.has('icebreakers')
        ? apiError('internal_error')
        : HttpResponse.json({ icebreakers: state.icebreakers }),
    ),
    // Only gifts: other messages fall through to the chat's own handlers.
    http.post('*/api/chat.php', async ({ request }) => {
      const body = (await request.clone().json()) as {
        kind?: string;
        member: number;
        gift: string;
        client_key: string;
      };
      if (body.kind !== 'gift') return undefined;
      if (state.failing.has('send')) return apiError('internal_error');
      const gift = state.gifts.find((candidate) => candidate.id === body.gift);
      if (!gift) return apiError('not_found');
      if (state.credits < state.giftCredits) return apiError('insufficient_credits');
      state.credits -= state.giftCredits;
      state.sent.push({ member: body.member, gift: body.gift, client_key: body.client_key });
      const sent: ChatSent = {
        message: {
          id: (messageId += 1),
          conversation: 7,
          from_viewer: true,
          kind: 'gift',
          text: null,
          gift: { id: gift.id, image: gift.image },
          gif: null,
          photo: null,
          credits: state.giftCredits,
          sent_at: new Date().toISOString(),
        },
        conversation: { id: 7 },
        credits: state.credits,
      };
      return HttpResponse.json(sent);
    }),
  ];
}
