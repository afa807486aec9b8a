import { describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';

withTestDatabase();

describe('GET /api/settings.php', () => {
  it('sends the settings as JSON with an ETag, and 304 without a body when the client has them', async () => {
    const client = apiClient();
    const first = await client.get('/api/settings.php');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.json).toMatchObject({ name: expect.any(String), countries: expect.any(Array) });
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);

    const again = await client.get('/api/settings.php', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.json).toBeNull();
    expect(again.headers.get('etag')).toBe(etag);

    const stale = await client.get('/api/settings.php', { 'if-none-match': '"something older"' });
    expect(stale.status).toBe(200);
    expect(stale.json).toEqual(first.json);
  });

  it('gives another language its own ETag', async () => {
    const english = await apiClient({ language: 'en' }).get('/api/settings.php');
    const german = await apiClient({ language: 'de' }).get('/api/settings.php');
    expect(german.status).toBe(200);
    expect(german.json.fictional_warning).not.toBe(english.json.fictional_warning);
    expect(german.headers.get('etag')).not.toBe(english.headers.get('etag'));
  });
});
