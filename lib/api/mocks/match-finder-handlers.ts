import { http, HttpResponse } from 'msw';
import type { MatchAnswers, MatchCard, MatchList } from '@/lib/shared/schemas/match-finder';
import {
  MATCH_RESULTS,
  SIGNUP_MATCHES,
  type MatchDistance,
  type MatchWho,
} from '@/lib/shared/values/match-finder';
import type { MemberCard } from '@/lib/shared/schemas/members';
import { apiError } from './api-error';
import type { MockMembersState } from './member-handlers';

/** What the mocked match-finder knows beyond the members: the requests and how to answer. */
export interface MockMatchState {
  /** Query strings of `GET /api/match-finder.php`, in order. */
  queries: string[];
  /** The answers a request without any means (the member's profile). */
  profileAnswers: MatchAnswers;
  /** Whether the member's town is on the map. */
  located: boolean;
  /** When set, match lists answer this error. */
  error: { status: number; message: string } | null;
}

export function createMockMatchState(): MockMatchState {
  return {
    queries: [],
    profileAnswers: { gender: 'female', age_min: 26, age_max: 42, distance: '50', interests: [1, 3] },
    located: true,
    error: null,
  };
}

/** Reasons that vary from member to member: interests shared, km away, online as the card says. */
const withReasons = (card: MemberCard, index: number): MatchCard => ({
  ...card,
  reasons: { shared_interests: (index + 3) % 4, distance_km: index * 4 + 2, online: card.online },
});

/**
 * The match-finder and signup matches over the mocked members (best fit = the members' order): the
 * sought gender only, blocked members never, for component tests and QA mode.
 */
export function createMatchFinderHandlers(
  members: MockMembersState,
  state: MockMatchState = createMockMatchState(),
) {
  const shown = (gender: MatchWho) =>
    members.members.filter((m) => !members.blocked.has(m.id) && (gender === 'both' || m.gender === gender));
  return [
    http.get('*/api/match-finder.php', ({ request }) => {
      const url = new URL(request.url);
      state.queries.push(url.search);
      if (state.error) return apiError('internal_error', state.error);
      const params = url.searchParams;
      const interests = params.get('interests');
      const answers: MatchAnswers = {
        gender: (params.get('gender') as MatchWho | null) ?? state.profileAnswers.gender,
        age_min: Number(params.get('age_min') ?? state.profileAnswers.age_min),
        age_max: Number(params.get('age_max') ?? state.profileAnswers.age_max),
        distance: (params.get('distance') as MatchDistance | null) ?? state.profileAnswers.distance,
        interests:
          interests === null
            ? state.profileAnswers.interests
            : interests.split(',').filter(Boolean).map(Number),
      };
      if (answers.age_min > answers.age_max)
        return apiError('validation_failed', { message: 'age_min must not be above age_max' });
      const profiles = shown(answers.gender)
        .filter((m) => m.age >= answers.age_min && m.age <= answers.age_max)
        .slice(0, MATCH_RESULTS)
        .map(withReasons);
      return HttpResponse.json({ answers, located: state.located, profiles } satisfies MatchList);
    }),
    http.get('*/api/signup-matches.php', () => {
      if (state.error) return apiError('internal_error', state.error);
      const answers = state.profileAnswers;
      const profiles = shown(answers.gender).slice(0, SIGNUP_MATCHES).map(withReasons);
      return HttpResponse.json({ answers, located: state.located, profiles } satisfies MatchList);
    }),
  ];
}
