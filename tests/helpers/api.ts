import { createApiApp } from '@/lib/server/api/app';

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

let counter = 0;
/** A unique, valid signup for one test. */
export function signupInput(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    email: `member${id}@example.test`,
    name: `member_${id}`.slice(0, 24),
    date_of_birth: '1990-05-17',
    password: 'a long and unusual passphrase',
    gender: 'female',
    language: 'en',
    ...overrides,
  };
}
