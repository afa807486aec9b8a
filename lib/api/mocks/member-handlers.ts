import { http, HttpResponse } from 'msw';
import {
  SEARCH_PAGE_SIZE,
  type MemberCard,
  type MemberDetail,
  type SearchResponse,
} from '@/lib/shared/schemas/members';
import type { ErrorCode } from '@/lib/shared/schemas/errors';
import type { LikeCard, LikeList, LikeResponse, LikerProfile, LikesState } from '@/lib/shared/schemas/likes';
import { LIKES_PAGE_SIZE } from '@/lib/shared/values/likes';
import type { SwipeRequest, SwipeResponse, SwipeStack } from '@/lib/shared/schemas/swipe';
import { SWIPE_LIKES_PER_DAY, SWIPE_STACK_SIZE } from '@/lib/shared/values/swipe';
import { buildMemberCard, buildMemberDetail } from '@/tests/factories/build-member';
import { apiError } from './api-error';

export interface MockMembersState {
  /** Every member search matches, in order. */
  members: MemberCard[];
  /** Similar results sent with page 1 (when set). */
  similar: MemberCard[];
  /** Search queries received, as their query strings. */
  searches: string[];
  /** Member ids the viewer blocked. */
  blocked: Set<number>;
  /** Member ids the viewer liked. */
  liked: Set<number>;
  /** Where each like was given (`source` of the request; `member` when left out). */
  likeSources: Map<number, string>;
  /** Member ids who liked the viewer, with whether the viewer has seen the like. */
  likedBy: Map<number, { seen: boolean }>;
  /** The member auto-like chose, once chosen. */
  autoLiker: number | null;
  /** Member ids the viewer passed in the swipe game. */
  passed: Set<number>;
  /** Swipe likes left today; null for a premium viewer. */
  swipeLikesLeft: number | null;
  /** When the swipe likes start again. */
  swipeResetsAt: string;
  /** When set, a search answers this error. */
  searchError: { status: number; code: ErrorCode; message: string } | null;
  /** When set, searches wait for this before they answer. */
  hold: Promise<void> | null;
}

export function createMockMembersState(count = SEARCH_PAGE_SIZE + 6): MockMembersState {
  return {
    members: Array.from({ length: count }, (_, i) => buildMemberCard(i + 1)),
    similar: [],
    searches: [],
    blocked: new Set(),
    liked: new Set(),
    likeSources: new Map(),
    likedBy: new Map(),
    autoLiker: null,
    passed: new Set(),
    swipeLikesLeft: SWIPE_LIKES_PER_DAY,
    swipeResetsAt: new Date(Date.now() + 6 * 3_600_000).toISOString(),
    searchError: null,
    hold: null,
  };
}

/** The member search, member pages, blocking and likes, for component tests and QA mode. */
export function createMemberHandlers(state: MockMembersState = createMockMembersState()) {
  const detail = (card: MemberCard): MemberDetail =>
    buildMemberDetail(card, {
      blocked_by_viewer: state.blocked.has(card.id),
      liked_by_viewer: state.liked.has(card.id),
      likes_viewer: state.likedBy.has(card.id),
      match: state.liked.has(card.id) && state.likedBy.has(card.id),
    });
  return [
    http.get('*/api/members.php', async ({ request }) => {
      const url = new URL(request.url);
      state.searches.push(url.search);
      if (state.hold) await state.hold;
      if (state.searchError) {
        const { status, code, message } = state.searchError;
        return apiError(code, { status, message });
      }
      const page = Number(url.searchParams.get('page') ?? '1');
      const gender = url.searchParams.get('gender');
      const isVerifiedOnly = ['1', 'true'].includes(url.searchParams.get('verified') ?? '');
      const matching = state.members.filter(
        (m) => (!gender || m.gender === gender) && (!isVerifiedOnly || m.verified),
      );
      const results = matching.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE);
      const body: SearchResponse = {
        page: { pageNumber: page, results },
        numResults: matching.length,
        hasMore: page * SEARCH_PAGE_SIZE < matching.length,
        similar: page === 1 && state.similar.length ? { pageNumber: 1, results: state.similar } : null,
      };
      return HttpResponse.json(body);
    }),
    http.get('*/api/member.php', ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('id'));
      const card = state.members.find((m) => m.id === id);
      if (!card) return apiError('not_found', { message: 'This could not be found.' });
      const like = state.likedBy.get(id);
      if (like) like.seen = true;
      return HttpResponse.json(detail(card));
    }),
    http.get('*/api/likes.php', () => {
      const likedBy = [...state.likedBy];
      const body: LikesState = {
        profiles: [...state.liked].map((id) => ({ id, match: state.likedBy.has(id) })),
        liked_by: likedBy.map(([id, { seen }]) => ({ id, like_new: !seen })),
        num_new_likes: likedBy.filter(([, { seen }]) => !seen).length,
      };
      return HttpResponse.json(body);
    }),
    http.get('*/api/like-list.php', ({ request }) => {
      const url = new URL(request.url);
      const type = url.searchParams.get('type');
      const page = Number(url.searchParams.get('page') ?? '1');
      const ids =
        type === 'received'
          ? [...state.likedBy.keys()]
          : type === 'sent'
            ? [...state.liked]
            : [...state.liked].filter((id) => state.likedBy.has(id));
      const cards: LikeCard[] = ids.flatMap((id) => {
        const card = state.members.find((m) => m.id === id);
        if (!card) return [];
        const seen = state.likedBy.get(id)?.seen ?? true;
        const match = state.liked.has(id) && state.likedBy.has(id);
        return [
          { ...card, like_new: type === 'received' && !seen, match, liked_at: new Date(0).toISOString() },
        ];
      });
      const results = cards.slice((page - 1) * LIKES_PAGE_SIZE, page * LIKES_PAGE_SIZE);
      const body: LikeList = {
        page: { pageNumber: page, results },
        hasMore: page * LIKES_PAGE_SIZE < cards.length,
      };
      return HttpResponse.json(body);
    }),
    // Auto-like: the first member who does not like the viewer yet does now, once; later calls answer them again.
    http.get('*/api/auto-like.php', () => {
      const card =
        state.members.find((m) => m.id === state.autoLiker) ??
        state.members.find(
          (m) => !state.likedBy.has(m.id) && !state.liked.has(m.id) && !state.blocked.has(m.id),
        );
      if (!card || state.blocked.has(card.id)) {
        return apiError('not_found', { message: 'Nobody new has liked you just now.' });
      }
      if (state.autoLiker !== card.id) {
        state.autoLiker = card.id;
        state.likedBy.set(card.id, { seen: false });
      }
      const body: LikerProfile = {
        id: card.id,
        name: card.name,
        age: card.age,
        fictional: card.fictional,
        main_image: card.main_image ? { match: `/cdn/${card.main_image.filename}` } : null,
      };
      return HttpResponse.json(body);
    }),
    http.post('*/api/like.php', async ({ request }) => {
      const { member, source } = (await request.json()) as { member: number; source?: string };
      if (!state.members.some((m) => m.id === member) || state.blocked.has(member)) {
        return apiError('not_found', { message: 'This member is not available.' });
      }
      state.liked.add(member);
      state.likeSources.set(member, source ?? 'member');
      return HttpResponse.json({ match: state.likedBy.has(member) } satisfies LikeResponse);
    }),
    http.delete('*/api/like.php', async ({ request }) => {
      const { member } = (await request.json()) as { member: number };
      state.liked.delete(member);
      return new HttpResponse(null, { status: 204 });
    }),
    // The swipe game: everyone not liked, passed or blocked (verified members only with `verified=1`),
    // 20 at a time; four likes a day.
    http.get('*/api/swipe.php', ({ request }) => {
      const isVerifiedOnly = ['1', 'true'].includes(new URL(request.url).searchParams.get('verified') ?? '');
      const profiles = state.members
        .filter((m) => !state.liked.has(m.id) && !state.passed.has(m.id) && !state.blocked.has(m.id))
        .filter((m) => !isVerifiedOnly || m.verified)
        .slice(0, SWIPE_STACK_SIZE);
      const body: SwipeStack = {
        profiles,
        likes_left: state.swipeLikesLeft,
        resets_at: state.swipeResetsAt,
      };
      return HttpResponse.json(body);
    }),
    http.post('*/api/swipe.php', async ({ request }) => {
      const { member, action } = (await request.json()) as SwipeRequest;
      if (!state.members.some((m) => m.id === member) || state.blocked.has(member)) {
        return apiError('not_found', { message: 'This member is not available.' });
      }
      if (action === 'pass') {
        state.passed.add(member);
      } else {
        if (state.swipeLikesLeft === 0) {
          return apiError('rate_limited', {
            messageKey: 'swipe_limit',
            values: { count: SWIPE_LIKES_PER_DAY },
          });
        }
        if (!state.liked.has(member) && state.swipeLikesLeft !== null) state.swipeLikesLeft -= 1;
        state.liked.add(member);
      }
      const body: SwipeResponse = {
        match: action === 'like' && state.likedBy.has(member),
        likes_left: state.swipeLikesLeft,
        resets_at: state.swipeResetsAt,
      };
      return HttpResponse.json(body);
    }),
    http.post('*/api/block.php', async ({ request }) => {
      const { member } = (await request.json()) as { member: number };
      state.blocked.add(member);
      state.liked.delete(member);
      state.likedBy.delete(member);
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete('*/api/block.php', async ({ request }) => {
      const { member } = (await request.json()) as { member: number };
      state.blocked.delete(member);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
