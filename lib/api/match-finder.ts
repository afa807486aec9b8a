import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MatchAnswers, MatchList } from '@/lib/shared/schemas/match-finder';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';
import { matchKeys } from './keys';

/** The answers as `GET /api/match-finder.php` reads them (interests as `1,2,3`). */
export const matchFinderParams = (answers: MatchAnswers) => ({
  gender: answers.gender,
  age_min: answers.age_min,
  age_max: answers.age_max,
  distance: answers.distance,
  interests: answers.interests.join(','),
});

/**
 * `GET /api/match-finder.php`: the members who fit the answers best, with why; without answers, for
 * those the member's profile suggests (the answer says which they were).
 */
export const matchFinderQuery = (api: ApiClient, answers: MatchAnswers | null) =>
  queryOptions({
    queryKey: matchKeys.finder(answers),
    queryFn: async () =>
      (await api.get<MatchList>('match-finder.php', { params: answers ? matchFinderParams(answers) : {} }))
        .data,
    staleTime: 60_000,
  });

/** `GET /api/signup-matches.php`: members who fit what the new member answered at signup. */
export const signupMatchesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: matchKeys.signup,
    queryFn: async () => (await api.get<MatchList>('signup-matches.php')).data,
    staleTime: 5 * 60_000,
  });

/** The list for the answers; while another list loads, the last one stays (`isPlaceholderData`). */
export const useMatchFinder = (answers: MatchAnswers | null) =>
  useQuery({ ...matchFinderQuery(useApi(), answers), placeholderData: keepPreviousData });

export const useSignupMatches = () => useQuery(signupMatchesQuery(useApi()));
