import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerEventsBridge } from '@/components/layout/server-events-bridge';
import {
  EVENTS_FIRST_BACKOFF_MS,
  EVENTS_OPEN_DELAY_MS,
  EVENTS_URL,
  openEventStream,
  reconnectDelay,
  type EventSourceLike,
} from '@/lib/api/event-stream';
import { queryKeys } from '@/lib/api/keys';
import type { ServerEventData } from '@/lib/shared/schemas/chat';
import { EVENTS_MAX_BACKOFF_MS } from '@/lib/shared/values/chat';
import type { User } from '@/lib/shared/schemas/user';
import { buildUser } from '@/tests/factories/build-user';
import { renderWithProviders } from '../helpers/render';

/** The browser's EventSource as the stream uses it, driven by the test. */
class FakeEventSource implements EventSourceLike {
  static instances: FakeEventSource[] = [];
  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('no EventSource opened');
    return source;
  }
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  /** The server sends an event (or, with no data, only a position). */
  send(type: string, data: ServerEventData | null, id = '') {
    const event = new MessageEvent(type, { data: data ? JSON.stringify(data) : '', lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** The connection ends or fails. */
  fail() {
    this.onerror?.(new Event('error'));
  }
}

beforeEach(() => {
  FakeEventSource.instances = [];
});
afterEach(() => {
  vi.useRealTimers();
});

/** A stream over fake EventSources; `loggedOut` is what the session check answers. */
function stream(loggedOut = false, since?: number) {
  const events: ServerEventData[] = [];
  const onLoggedOut = vi.fn();
  const isLoggedOut = vi.fn(() => Promise.resolve(loggedOut));
  const handle = openEventStream({
    since,
    onEvent: (event) => events.push(event),
    isLoggedOut,
    onLoggedOut,
    createEventSource: (url) => new FakeEventSource(url),
    random: () => 0.5,
  });
  return { events, onLoggedOut, isLoggedOut, handle };
}

describe('the event stream', () => {
  it('opens one EventSource and hands on every event type the server sends', () => {
    const { events, handle } = stream();
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual([EVENTS_URL]);
    const source = FakeEventSource.latest();
    source.open();
    source.send('message', null, '4');
    source.send('credits-changed', { type: 'credits-changed', credits: 9 }, '5');
    source.send('typing', { type: 'typing', conversation: 2, member: 3 });
    source.send('likes-changed', { type: 'likes-changed' }, '6');
    expect(events).toEqual([
      { type: 'credits-changed', credits: 9 },
      { type: 'typing', conversation: 2, member: 3 },
      { type: 'likes-changed' },
    ]);
    handle.close();
    expect(source.closed).toBe(true);
  });

  it('reopens a dropped stream itself after a back-off, resuming after the last event', async () => {
    vi.useFakeTimers();
    const { events, isLoggedOut } = stream();
    const first = FakeEventSource.latest();
    first.open();
    first.send('chats-changed', { type: 'chats-changed' }, '41');
    first.fail();
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(reconnectDelay(1, () => 0.5) - 1);
    expect(FakeEventSource.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.latest().url).toBe(`${EVENTS_URL}?last_event_id=41`);
    // A stream that had opened was not refused: nobody asks whether the member is still logged in.
    expect(isLoggedOut).not.toHaveBeenCalled();
    // Reconnecting is no reason to read everything again: only what the server says counts.
    expect(events).toEqual([{ type: 'chats-changed' }]);
  });

  it('asks its first connection for what happened since the page was made, then resumes by event', async () => {
    vi.useFakeTimers();
    stream(false, 1_795_000_000_123);
    const first = FakeEventSource.latest();
    expect(first.url).toBe(`${EVENTS_URL}?since=1795000000123`);
    first.open();
    first.send('likes-changed', { type: 'likes-changed' }, '77');
    first.fail();
    await vi.advanceTimersByTimeAsync(reconnectDelay(1, () => 0.5));
    expect(FakeEventSource.latest().url).toBe(`${EVENTS_URL}?last_event_id=77`);
  });

  it('waits twice as long after each failed reconnect, up to the most, and starts over once connected', async () => {
    vi.useFakeTimers();
    const { isLoggedOut } = stream();
    FakeEventSource.latest().open();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      FakeEventSource.latest().fail();
      await vi.advanceTimersByTimeAsync(0);
      const before = FakeEventSource.instances.length;
      let waited = 0;
      while (FakeEventSource.instances.length === before) {
        await vi.advanceTimersByTimeAsync(250);
        waited += 250;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([750, 1500, 3000, 6000, 12_000, 22_500, 22_500]);
    expect(isLoggedOut).toHaveBeenCalledTimes(6);
    FakeEventSource.latest().open();
    FakeEventSource.latest().fail();
    await vi.advanceTimersByTimeAsync(reconnectDelay(1, () => 0.5));
    expect(FakeEventSource.instances).toHaveLength(9);
  });

  it('jitters the back-off between half and all of its step', () => {
    expect(reconnectDelay(1, () => 0)).toBe(EVENTS_FIRST_BACKOFF_MS / 2);
    expect(reconnectDelay(1, () => 0.999_999)).toBeCloseTo(EVENTS_FIRST_BACKOFF_MS, -1);
    expect(reconnectDelay(20, () => 0.999_999)).toBeLessThanOrEqual(EVENTS_MAX_BACKOFF_MS);
  });

  it('stays closed once a refused reconnect shows the session has ended', async () => {
    vi.useFakeTimers();
    const { onLoggedOut } = stream(true);
    FakeEventSource.latest().fail();
    await vi.advanceTimersByTimeAsync(EVENTS_MAX_BACKOFF_MS * 2);
    expect(onLoggedOut).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// The bridge: the stream while a member is logged in

let sessionEnded = false;
const server = setupServer(
  http.get('*/api/user.php', () =>
    sessionEnded
      ? HttpResponse.json(
          { error: { code: 'authentication_required', message: 'Please log in to continue.' } },
          { status: 403 },
        )
      : HttpResponse.json({ user: buildUser() }),
  ),
  http.post('*/api/logout.php', () => new HttpResponse(null, { status: 204 })),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  sessionEnded = false;
});
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});

describe('the server events bridge’s stream', () => {
  /** Renders the bridge and lets the moment pass after which a loaded page opens its stream. */
  async function renderBridge(user: User | null) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const rendered = renderWithProviders(<ServerEventsBridge />, { user });
    await act(() => vi.advanceTimersByTimeAsync(EVENTS_OPEN_DELAY_MS));
    vi.useRealTimers();
    return rendered;
  }

  it('opens the stream a moment after the page has loaded', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWithProviders(<ServerEventsBridge />, { user: buildUser() });
    await act(() => vi.advanceTimersByTimeAsync(EVENTS_OPEN_DELAY_MS - 1));
    expect(FakeEventSource.instances).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('shows what the stream says at once, and closes it when the member logs out', async () => {
    const { queryClient } = await renderBridge(buildUser({ credits: 5 }));
    const source = FakeEventSource.latest();
    expect(source.url).toBe(EVENTS_URL);
    act(() => {
      source.open();
      source.send('credits-changed', { type: 'credits-changed', credits: 42 }, '7');
    });
    expect(queryClient.getQueryData<User>(queryKeys.user)?.credits).toBe(42);
    act(() => {
      queryClient.setQueryData(queryKeys.user, null);
    });
    await vi.waitFor(() => expect(source.closed).toBe(true));
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('opens nothing for a visitor', async () => {
    await renderBridge(null);
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('logs the member out silently when the stream is refused because the session ended', async () => {
    const { queryClient } = await renderBridge(buildUser());
    sessionEnded = true;
    act(() => FakeEventSource.latest().fail());
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.user)).toBeNull());
    expect(FakeEventSource.instances.every((s) => s.closed)).toBe(true);
  });
});
