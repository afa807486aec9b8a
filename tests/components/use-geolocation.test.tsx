import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../helpers/next-navigation';
import { SignupPageView } from '@/components/auth/signup-page-view';
import { GeolocationButton } from '@/components/geo/geolocation-button';
import {
  GEOLOCATION_STORAGE_KEY,
  readStoredGeocode,
  useGeolocation,
} from '@/components/hooks/use-geolocation';
import { ApiProvider } from '@/lib/api/api-context';
import { createAuthHandlers, mockUnconfirmedUser } from '@/lib/api/mocks/auth-handlers';
import { createGeoHandlers, mockGeocodeResult } from '@/lib/api/mocks/geo-handlers';
import { createHandlers } from '@/lib/api/mocks/handlers';
import { makeQueryClient } from '@/lib/api/query-client';
import type { GeocodeResult } from '@/lib/shared/schemas/geo';
import en from '@/messages/en.json';
import { renderWithProviders } from '../helpers/render';

const asked: { lat: number; lon: number }[] = [];
const server = setupServer(
  ...createGeoHandlers((lat, lon) => {
    asked.push({ lat, lon });
    return mockGeocodeResult;
  }),
  ...createAuthHandlers(),
  ...createHandlers(() => 'visitor'),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const original = {
  geolocation: Object.getOwnPropertyDescriptor(window.navigator, 'geolocation'),
  permissions: Object.getOwnPropertyDescriptor(window.navigator, 'permissions'),
};
function setNavigator(name: 'geolocation' | 'permissions', value: unknown) {
  if (value === undefined) {
    // jsdom defines neither; a test removes what an earlier one added.
    delete (window.navigator as unknown as Record<string, unknown>)[name];
    return;
  }
  Object.defineProperty(window.navigator, name, { value, configurable: true });
}

type PositionCallback = (position: GeolocationPosition) => void;
type ErrorCallback = (error: GeolocationPositionError) => void;
/** A browser that knows it is in Amsterdam, or refuses with `failure` (1 denied, 2 unavailable, 3 timeout). */
function fakeGeolocation(failure?: 1 | 2 | 3) {
  const getCurrentPosition = vi.fn((success: PositionCallback, error: ErrorCallback) => {
    if (failure) error({ code: failure, message: 'no' } as GeolocationPositionError);
    else success({ coords: { latitude: 52.37312, longitude: 4.89221 } } as GeolocationPosition);
  });
  setNavigator('geolocation', { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() });
  return getCurrentPosition;
}
function fakePermissions(state: PermissionState) {
  const status = Object.assign(new EventTarget(), { state, name: 'geolocation', onchange: null });
  setNavigator('permissions', { query: vi.fn(() => Promise.resolve(status)) });
  return status;
}

function wrapper({ children }: { children: ReactNode }) {
  return (
    <NextIntlClientProvider locale="en" messages={en} timeZone="Europe/Amsterdam">
      <QueryClientProvider client={makeQueryClient()}>
        <ApiProvider retryDelay={() => 0}>{children}</ApiProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>
  );
}

beforeEach(() => {
  asked.length = 0;
  window.localStorage.clear();
  server.resetHandlers();
  setNavigator('geolocation', undefined);
  setNavigator('permissions', undefined);
});
afterEach(() => {
  if (original.geolocation) Object.defineProperty(window.navigator, 'geolocation', original.geolocation);
  if (original.permissions) Object.defineProperty(window.navigator, 'permissions', original.permissions);
});

describe('geolocation permission', () => {
  it('is unsupported without the Geolocation API', async () => {
    const { result } = renderHook(() => useGeolocation(), { wrapper });
    await waitFor(() => expect(result.current.permission).toBe('unsupported'));
    let found: GeocodeResult | null = mockGeocodeResult;
    await act(async () => {
      found = await result.current.locate();
    });
    expect(found).toBeNull();
    expect(result.current.error).toBe('unavailable');
  });

  it('is unknown without the Permissions API', async () => {
    fakeGeolocation();
    const { result } = renderHook(() => useGeolocation(), { wrapper });
    await act(async () => Promise.resolve());
    expect(result.current.permission).toBe('unknown');
  });

  it("follows the browser's state as it changes", async () => {
    fakeGeolocation();
    const status = fakePermissions('prompt');
    const { result } = renderHook(() => useGeolocation(), { wrapper });
    await waitFor(() => expect(result.current.permission).toBe('prompt'));
    act(() => {
      status.state = 'granted';
      status.dispatchEvent(new Event('change'));
    });
    expect(result.current.permission).toBe('granted');
  });
});

describe('locate()', () => {
  it('asks the browser and the server, and keeps the result with its time', async () => {
    const getCurrentPosition = fakeGeolocation();
    const { result } = renderHook(() => useGeolocation(), { wrapper });
    let found: GeocodeResult | null = null;
    await act(async () => {
      found = await result.current.locate();
    });
    expect(found).toEqual(mockGeocodeResult);
    expect(result.current.result).toEqual(mockGeocodeResult);
    expect(getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      enableHighAccuracy: false,
      timeout: 10_000,
      maximumAge: 3_600_000,
    });
    expect(asked).toEqual([{ lat: 52.373, lon: 4.892 }]);
    const stored = JSON.parse(window.localStorage.getItem(GEOLOCATION_STORAGE_KEY) ?? '{}') as { at: number };
    expect(Date.now() - stored.at).toBeLessThan(5_000);
  });

  it('answers from the kept result within the hour without asking again', async () => {
    window.localStorage.setItem(
      GEOLOCATION_STORAGE_KEY,
      JSON.stringify({ at: Date.now() - 59 * 60_000, result: { ...mockGeocodeResult, city: 'Haarlem' } }),
    );
    const getCurrentPosition = fakeGeolocation();
    const { result } = renderHook(() => useGeolocation(), { wrapper });
    await waitFor(() => expect(result.current.result?.city).toBe('Haarlem'));
    let found: GeocodeResult | null = null;
    await act(async () => {
      found = await result.current.locate();
    });
    expect(found).toMatchObject({ city: 'Haarlem' });
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(asked).toEqual([]);
  });

  it('asks again once the kept result is an hour old', async () => {
    window.localStorage.setItem(
      GEOLOCATION_STORAGE_KEY,
      JSON.stringify({ at: Date.now() - 60 * 60_000 - 1, result: { ...mockGeocodeResult, city: 'Haarlem' } }),
    );
    expect(readStoredGeocode()).toBeNull();
    const getCurrentPosition = fakeGeolocation();
    const { result } = renderHook(() => useGeolocation(), { wrapper });
    let found: GeocodeResult | null = null;
    await act(async () => {
      found = await result.current.locate();
    });
    expect(found).toMatchObject({ city: 'Amsterdam' });
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(asked).toHaveLength(1);
  });

  it.each([
    [1, 'denied'],
    [2, 'unavailable'],
    [3, 'unavailable'],
  ] as const)('reports browser failure %i as %s and asks no server', async (code, error) => {
    fakeGeolocation(code);
    const { result } = renderHook(() => useGeolocation(), { wrapper });
    let found: GeocodeResult | null = mockGeocodeResult;
    await act(async () => {
      found = await result.current.locate();
    });
    expect(found).toBeNull();
    expect(result.current.error).toBe(error);
    expect(asked).toEqual([]);
    expect(window.localStorage.getItem(GEOLOCATION_STORAGE_KEY)).toBeNull();
  });

  it('reports a failed look-up', async () => {
    fakeGeolocation();
    server.use(http.get('*/api/geocode.php', () => HttpResponse.json({}, { status: 500 })));
    const { result } = renderHook(() => useGeolocation(), { wrapper });
    await act(async () => {
      await result.current.locate();
    });
    expect(result.current.error).toBe('failed');
    expect(result.current.result).toBeNull();
  });
});

describe('GeolocationButton', () => {
  it('hands the place to the caller', async () => {
    fakeGeolocation();
    const onLocated = vi.fn();
    renderWithProviders(<GeolocationButton onLocated={onLocated} />);
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(onLocated).toHaveBeenCalledWith(mockGeocodeResult));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('is busy while the place is looked up', async () => {
    fakeGeolocation();
    let release = () => undefined as void;
    server.use(
      http.get('*/api/geocode.php', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json(mockGeocodeResult);
      }),
    );
    renderWithProviders(<GeolocationButton onLocated={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Finding your location…');
    expect(screen.getByRole('button', { name: 'Use my location' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Use my location' })).toBeEnabled());
  });

  it('says why when the browser refuses', async () => {
    fakeGeolocation(1);
    const onLocated = vi.fn();
    renderWithProviders(<GeolocationButton onLocated={onLocated} />);
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByRole('status')).toHaveTextContent(en.Geolocation.denied);
    expect(screen.getByRole('button', { name: 'Use my location' })).toHaveAccessibleDescription(
      en.Geolocation.denied,
    );
    expect(onLocated).not.toHaveBeenCalled();
  });

  it('says when the place is outside the served countries', async () => {
    fakeGeolocation();
    server.use(...createGeoHandlers(() => ({ country: null, region_id: null, region: null, city: null })));
    renderWithProviders(<GeolocationButton onLocated={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByRole('status')).toHaveTextContent(en.Geolocation.outside);
  });

  it('is not offered without geolocation', async () => {
    renderWithProviders(<GeolocationButton onLocated={vi.fn()} />);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Use my location' })).not.toBeInTheDocument(),
    );
  });
});

describe('signup', () => {
  async function signUp() {
    let body: unknown = null;
    server.use(
      http.post('*/api/signup.php', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ user: mockUnconfirmedUser }, { status: 201 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SignupPageView />, { user: null });
    const next = () => user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'I am a woman' }));
    await user.type(screen.getByLabelText('Username'), 'Robin');
    await next();
    await user.selectOptions(screen.getByLabelText('Day'), '15');
    await user.selectOptions(screen.getByLabelText('Month'), '06');
    await user.selectOptions(screen.getByLabelText('Year'), '1990');
    await next();
    await user.type(screen.getByLabelText('E-mail address'), 'robin@example.com');
    await next();
    await user.type(await screen.findByLabelText('Password'), 'velvet-lantern-42');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(body).not.toBeNull());
    return body as Record<string, unknown>;
  }

  it('sends the country, region and town of a fresh location without asking the browser', async () => {
    const getCurrentPosition = fakeGeolocation();
    window.localStorage.setItem(
      GEOLOCATION_STORAGE_KEY,
      JSON.stringify({ at: Date.now() - 10 * 60_000, result: { ...mockGeocodeResult, city: 'Haarlem' } }),
    );
    expect(await signUp()).toMatchObject({
      country: 'NL',
      region_id: mockGeocodeResult.region_id,
      city: 'Haarlem',
    });
    expect(getCurrentPosition).not.toHaveBeenCalled();
  });

  it('sends no region or town without a fresh location', async () => {
    window.localStorage.setItem(
      GEOLOCATION_STORAGE_KEY,
      JSON.stringify({ at: Date.now() - 61 * 60_000, result: { ...mockGeocodeResult, city: 'Haarlem' } }),
    );
    const body = await signUp();
    expect(body).not.toHaveProperty('region_id');
    expect(body).not.toHaveProperty('city');
  });
});
