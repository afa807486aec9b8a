import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AxiosError } from 'axios';
import { createApiClient, defaultRetryDelay } from '@/lib/api/client';

const BASE = 'http://api.test/api/';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const authRequired = () =>
  HttpResponse.json(
    { error: { code: 'authentication_required', message: 'Please log in.' } },
    { status: 403 },
  );

describe('retry policy', () => {
  it('retries a failing GET until it succeeds', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}settings.php`, () => {
        calls += 1;
        return calls <= 3 ? new HttpResponse(null, { status: 503 }) : HttpResponse.json({ name: 'Lovelane' });
      }),
    );
    const api = createApiClient({ baseURL: BASE, retryDelay: () => 0 });
    const { data } = await api.get('settings.php');
    expect(data).toEqual({ name: 'Lovelane' });
    expect(calls).toBe(4);
  });

  it('gives up after 5 retries (6 attempts)', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}regions.php`, () => {
        calls += 1;
        return new HttpResponse(null, { status: 500 });
      }),
    );
    const api = createApiClient({ baseURL: BASE, retryDelay: () => 0 });
    await expect(api.get('regions.php')).rejects.toMatchObject({ response: { status: 500 } });
    expect(calls).toBe(6);
  });

  it('retries a network error and a 429', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}interests.php`, () => {
        calls += 1;
        if (calls === 1) return HttpResponse.error();
        if (calls === 2) return new HttpResponse(null, { status: 429 });
        return HttpResponse.json({ interests: [] });
      }),
    );
    const api = createApiClient({ baseURL: BASE, retryDelay: () => 0 });
    await expect(api.get('interests.php')).resolves.toMatchObject({ status: 200 });
    expect(calls).toBe(3);
  });

  it('does not retry client errors or a POST that reached the server', async () => {
    let gets = 0;
    let posts = 0;
    server.use(
      http.get(`${BASE}settings.php`, () => {
        gets += 1;
        return HttpResponse.json({ error: { code: 'validation_failed', message: 'x' } }, { status: 422 });
      }),
      http.post(`${BASE}page-hidden.php`, () => {
        posts += 1;
        return new HttpResponse(null, { status: 500 });
      }),
    );
    const api = createApiClient({ baseURL: BASE, retryDelay: () => 0 });
    await expect(api.get('settings.php')).rejects.toMatchObject({ response: { status: 422 } });
    await expect(api.post('page-hidden.php', {})).rejects.toMatchObject({ response: { status: 500 } });
    expect([gets, posts]).toEqual([1, 1]);
  });

  it('waits exponentially longer before each of the 5 retries by default', () => {
    const error = new AxiosError('unavailable');
    const delays = [1, 2, 3, 4, 5].map((n) => defaultRetryDelay(n, error));
    delays.forEach((delay, i) => {
      const base = 100 * 2 ** (i + 1);
      expect(delay).toBeGreaterThanOrEqual(base);
      expect(delay).toBeLessThanOrEqual(base * 1.2);
    });
    expect(delays.reduce((a, b) => a + b, 0)).toBeGreaterThan(6_000);
  });
});

describe('headers', () => {
  it('marks user.php calls with X-Request-Type: client, and only those', async () => {
    const seen: Record<string, string | null> = {};
    server.use(
      http.get(`${BASE}user.php`, ({ request }) => {
        seen.user = request.headers.get('x-request-type');
        return HttpResponse.json({ user: null });
      }),
      http.get(`${BASE}settings.php`, ({ request }) => {
        seen.settings = request.headers.get('x-request-type');
        return HttpResponse.json({});
      }),
    );
    const api = createApiClient({ baseURL: BASE, retryDelay: () => 0 });
    await api.get('user.php');
    await api.get('settings.php');
    expect(seen).toEqual({ user: 'client', settings: null });
  });
});

describe('authentication_required', () => {
  it('logs a logged-in member out when another call is refused', async () => {
    server.use(http.get(`${BASE}companyinfo.php`, authRequired));
    const onAuthenticationRequired = vi.fn();
    const api = createApiClient({
      baseURL: BASE,
      retryDelay: () => 0,
      isLoggedIn: () => true,
      onAuthenticationRequired,
    });
    await expect(api.get('companyinfo.php')).rejects.toMatchObject({ response: { status: 403 } });
    expect(onAuthenticationRequired).toHaveBeenCalledTimes(1);
  });

  it('leaves user.php refusals, visitors and other 403s alone', async () => {
    server.use(
      http.get(`${BASE}user.php`, authRequired),
      http.get(`${BASE}companyinfo.php`, authRequired),
      http.get(`${BASE}regions.php`, () =>
        HttpResponse.json({ error: { code: 'forbidden', message: 'No.' } }, { status: 403 }),
      ),
    );
    const onMember = vi.fn();
    const member = createApiClient({
      baseURL: BASE,
      retryDelay: () => 0,
      isLoggedIn: () => true,
      onAuthenticationRequired: onMember,
    });
    await expect(member.get('user.php')).rejects.toBeDefined();
    await expect(member.get('regions.php')).rejects.toBeDefined();
    expect(onMember).not.toHaveBeenCalled();

    const onVisitor = vi.fn();
    const visitor = createApiClient({
      baseURL: BASE,
      retryDelay: () => 0,
      isLoggedIn: () => false,
      onAuthenticationRequired: onVisitor,
    });
    await expect(visitor.get('companyinfo.php')).rejects.toBeDefined();
    expect(onVisitor).not.toHaveBeenCalled();
  });
});
