import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServerEventsBridge } from '@/components/layout/server-events-bridge';
import { cacheUpdates } from '@/lib/api/cache-updates';
import { blockKeys, memberKeys, photoKeys, profileKeys, queryKeys } from '@/lib/api/keys';
import { makeQueryClient } from '@/lib/api/query-client';
import { REFRESH } from '@/lib/shared/constants';
import { buildUser } from '@/tests/factories/build-user';
import { renderWithProviders } from '../helpers/render';

const userCalls = { count: 0 };
const server = setupServer(
  http.get('*/api/user.php', () => {
    userCalls.count += 1;
    return HttpResponse.json({ user: buildUser() });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  userCalls.count = 0;
  vi.useRealTimers();
});
afterAll(() => server.close());

describe('the server events bridge', () => {
  it('reads the member again 5 s after the page opens, then every 60 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    renderWithProviders(<ServerEventsBridge />, { user: buildUser() });
    await act(() => vi.advanceTimersByTimeAsync(REFRESH.startAfterMs - 100));
    expect(userCalls.count).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await vi.waitFor(() => expect(userCalls.count).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(REFRESH.intervalMs));
    await vi.waitFor(() => expect(userCalls.count).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(REFRESH.intervalMs));
    await vi.waitFor(() => expect(userCalls.count).toBe(3));
  });

  it('asks nothing for a visitor', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    renderWithProviders(<ServerEventsBridge />, { user: null });
    await act(() => vi.advanceTimersByTimeAsync(REFRESH.startAfterMs + 3 * REFRESH.intervalMs));
    expect(userCalls.count).toBe(0);
  });
});

describe('cache updates', () => {
  /** A cache holding one member's data, as after browsing: profile, photos, blocks, a page, a search. */
  function cacheOfMember() {
    const queryClient = makeQueryClient();
    queryClient.setQueryData(queryKeys.user, buildUser());
    queryClient.setQueryData(profileKeys.profile, { name: 'first' });
    queryClient.setQueryData(photoKeys.photos, { photos: [], limit: 3 });
    queryClient.setQueryData(blockKeys.blocked, { members: [{ id: 9 }] });
    queryClient.setQueryData(memberKeys.member(9), { id: 9, blocked_by_viewer: true });
    queryClient.setQueryData(memberKeys.search({ gender: 'f' } as never), { pages: [] });
    return queryClient;
  }
  const viewerData = (queryClient: ReturnType<typeof makeQueryClient>) => [
    queryClient.getQueryData(profileKeys.profile),
    queryClient.getQueryData(photoKeys.photos),
    queryClient.getQueryData(blockKeys.blocked),
    queryClient.getQueryData(memberKeys.member(9)),
    queryClient.getQueryData(memberKeys.search({ gender: 'f' } as never)),
  ];

  it('keep nothing of a member who logged out for whoever uses the tab next', () => {
    const queryClient = cacheOfMember();
    cacheUpdates(queryClient).loggedOut();
    expect(queryClient.getQueryData(queryKeys.user)).toBeNull();
    expect(viewerData(queryClient)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('show the member who logs in, with nothing of the one before', () => {
    const queryClient = cacheOfMember();
    const next = buildUser({ credits: 99 });
    cacheUpdates(queryClient).loggedIn(next);
    expect(queryClient.getQueryData(queryKeys.user)).toEqual(next);
    expect(viewerData(queryClient)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('take an unblocked member off the list and their page at once, and mark searches stale', () => {
    const queryClient = cacheOfMember();
    cacheUpdates(queryClient).memberUnblocked(9);
    expect(queryClient.getQueryData(blockKeys.blocked)).toEqual({ members: [] });
    expect(queryClient.getQueryData(memberKeys.member(9))).toMatchObject({ blocked_by_viewer: false });
    expect(queryClient.getQueryState(memberKeys.search({ gender: 'f' } as never))?.isInvalidated).toBe(true);
  });
});
