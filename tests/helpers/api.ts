import { createApiApp } from '@/lib/server/api/app';
import { createSession, SESSION_COOKIE } from '@/lib/server/auth/sessions';

let address = 0;

/** A client of the in-process API with its own cookie jar and client address, as one browser would be. */
export function apiClient(options: { host?: string; language?: string } = {}) {
  const app = createApiApp();
  const host = options.host ?? 'lovelane.test';
  const ip = `198.51.100.${(address = (address % 250) + 1)}`;
  const jar = new Map<string, string>();
  let lastSetCookie: string[] = [];

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await app.request(path, {
      method,
      headers: {
        host,
        origin: `http://${host}`,
        'x-forwarded-for': ip,
        'accept-language': options.language ?? 'en',
        ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    lastSetCookie = res.headers.getSetCookie();
    for (const line of lastSetCookie) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/max-age=0/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are asserted field by field
    return { status: res.status, headers: res.headers, json: json as any };
  }

  return {
    ip,
    cookies: jar,
    setCookieHeaders: () => lastSetCookie,
    get: (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers),
    post: (path: string, body: unknown = {}, headers?: Record<string, string>) =>
      call('POST', path, body, headers),
    put: (path: string, body: unknown, headers?: Record<string, string>) => call('PUT', path, body, headers),
    delete: (path: string, body?: unknown, headers?: Record<string, string>) =>
      call('DELETE', path, body, headers),
  };
}

/** An API client logged in as the member with this id. */
export async function clientFor(userId: number, options: Parameters<typeof apiClient>[0] = {}) {
  const client = apiClient(options);
  client.cookies.set(SESSION_COOKIE, await createSession({ userId }));
  return client;
}
