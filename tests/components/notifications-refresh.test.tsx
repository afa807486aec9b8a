import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServerEventsBridge } from '@/components/layout/server-events-bridge';
import type { PushState } from '@/components/push/use-push-state';
import { REFRESH } from '@/lib/shared/constants';
import { buildUser } from '@/tests/factories/build-user';
import { renderWithProviders } from '../helpers/render';

// This device's push state, as the test sets it.
const push = vi.hoisted((): { state: PushState } => ({ state: 'not-subscribed' }));
vi.mock('@/components/push/use-push-state', () => ({
  usePushState: () => ({
    state: push.state,
    subscribe: () => Promise.resolve(),
    unsubscribe: () => Promise.resolve(),
    isBusy: false,
    error: null,
  }),
}));

const userCalls = { count: 0 };
const server = setupServer(
  http.get('*/api/user.php', () => {
    userCalls.count += 1;
    return HttpResponse.json({ user: buildUser() });
  }),
  http.get('*/api/likes.php', () => HttpResponse.json({ profiles: [], liked_by: [], num_new_likes: 0 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  userCalls.count = 0;
  push.state = 'not-subscribed';
  vi.useRealTimers();
});
afterAll(() => server.close());

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Waits `ms` more milliseconds, then until the member has been read `count` times in all. */
async function expectCallsAfter(ms: number, count: number) {
  await wait(ms);
  await vi.waitFor(() => expect(userCalls.count).toBe(count));
}

describe('the logged-in refresh with push', () => {
  it('starts after 5 s, then asks every 300 s once this device is subscribed to push', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    push.state = 'subscribed';
    renderWithProviders(<ServerEventsBridge />, { user: buildUser() });
    await wait(REFRESH.startAfterMs - 100);
    expect(userCalls.count).toBe(0);
    await expectCallsAfter(200, 1);
    // Four minutes on: still one (every 60 s it would have been five).
    await expectCallsAfter(REFRESH.intervalMs * 4, 1);
    await expectCallsAfter(REFRESH.pushIntervalMs - REFRESH.intervalMs * 4, 2);
    await expectCallsAfter(REFRESH.pushIntervalMs, 3);
  });

  it('asks every 60 s while this device is not subscribed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    push.state = 'denied';
    renderWithProviders(<ServerEventsBridge />, { user: buildUser() });
    await expectCallsAfter(REFRESH.startAfterMs, 1);
    await expectCallsAfter(REFRESH.intervalMs, 2);
    await expectCallsAfter(REFRESH.intervalMs, 3);
  });

  it('slows to every 300 s from the moment the member subscribes, without starting over', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { rerender } = renderWithProviders(<ServerEventsBridge />, { user: buildUser() });
    await expectCallsAfter(REFRESH.startAfterMs + REFRESH.intervalMs, 2);

    push.state = 'subscribed';
    rerender(<ServerEventsBridge />);
    await expectCallsAfter(REFRESH.intervalMs * 2, 2);
    await expectCallsAfter(REFRESH.pushIntervalMs - REFRESH.intervalMs * 2, 3);
  });
});
