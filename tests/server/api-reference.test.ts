import { describe, expect, it } from 'vitest';
import { createApiApp } from '@/lib/server/api/app';
import { upsertSite } from '@/lib/server/settings/update-site';
import { SERVED_COUNTRIES } from '@/lib/shared/constants';
import { CompanyInfoSchema, InterestsSchema, RegionsSchema } from '@/lib/shared/schemas/reference';
import { SettingsSchema } from '@/lib/shared/schemas/settings';
import { withTestDatabase } from '../helpers/database';

withTestDatabase();
const api = () => createApiApp();
const get = (path: string, headers: Record<string, string> = {}) =>
  api().request(path, { headers: { host: 'lovelane.test', ...headers } });

describe('GET /api/settings.php', () => {
  it('returns every settings field of the default site', async () => {
    const res = await get('/api/settings.php');
    expect(res.status).toBe(200);
    const body = SettingsSchema.strict().parse(await res.json());
    expect(body.name).toBe('Lovelane');
    expect(body.countries).toEqual(expect.arrayContaining([...SERVED_COUNTRIES]));
    expect(body.countries).toHaveLength(19);
    expect(body.minimum_message_costs.CH).toEqual({ costs: 1.99, currency: 'CHF' });
    expect(body.domain).toBe('lovelane.test');
    expect(body.signups).toBe('all');
    expect(body.push_public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('speaks the caller’s language', async () => {
    const de = await (await get('/api/settings.php', { 'accept-language': 'de-DE,de;q=0.9' })).json();
    const nl = await (
      await get('/api/settings.php', { cookie: 'i18n_redirected=nl', 'accept-language': 'de' })
    ).json();
    expect(de.fictional_singular).toBe('fiktives Profil');
    expect(nl.fictional_singular).toBe('fictief profiel');
    expect(nl.index_title).toContain('singles bij jou in de buurt');
  });

  it('serves the settings of the forced domain, falling back to the default site', async () => {
    await upsertSite({
      domain: 'lovelane.de',
      changes: { name: 'Lovelane DE', domainLanguage: 'de', defaultCountry: 'DE' },
    });
    const forced = await (await get('/api/settings.php?domain=www.lovelane.de:443')).json();
    expect(forced).toMatchObject({
      name: 'Lovelane DE',
      domain: 'lovelane.de',
      domain_language: 'de',
      geoip_selected_country: 'DE',
    });
    const other = await (await get('/api/settings.php?domain=unknown.example')).json();
    expect(other).toMatchObject({ name: 'Lovelane', domain_language: null });
  });

  it('sees a change of the settings at once (cache invalidation)', async () => {
    expect((await (await get('/api/settings.php')).json()).enable_site_entry_popup).toBe(true);
    await upsertSite({ domain: 'default', changes: { enableSiteEntryPopup: false, refundDays: 30 } });
    const after = await (await get('/api/settings.php')).json();
    expect(after).toMatchObject({ enable_site_entry_popup: false, refund_days: 30 });
    await upsertSite({ domain: 'default', changes: { enableSiteEntryPopup: true, refundDays: 14 } });
  });

  it('takes the selected country from the route query when the site serves it', async () => {
    expect((await (await get('/api/settings.php?country=fi')).json()).geoip_selected_country).toBe('FI');
    expect((await (await get('/api/settings.php?country=BR')).json()).geoip_selected_country).toBe('NL');
  });

  it('refuses a malformed query with 422 and a readable message in the caller’s language', async () => {
    const res = await get('/api/settings.php?domain=%3Cscript%3E', { 'accept-language': 'de' });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.message).toMatch(/^Die Anfrage ist ungültig: domain: /);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts/);
  });
});

describe('reference data', () => {
  it('GET /api/companyinfo.php returns the company of the site', async () => {
    const res = await get('/api/companyinfo.php');
    expect(res.status).toBe(200);
    const body = CompanyInfoSchema.strict().parse(await res.json());
    expect(body).toMatchObject({ name: 'Lovelane Media B.V.', kvk: '81234567', delete_discount: 50 });
    expect(body.vat_numbers).toEqual(['NL862345678B01']);
  });

  it('GET /api/regions.php lists the regions of all 19 countries', async () => {
    const body = RegionsSchema.parse(await (await get('/api/regions.php')).json());
    expect(body.countries.map((c) => c.country).sort()).toEqual([...SERVED_COUNTRIES].sort());
    const nl = body.countries.find((c) => c.country === 'NL');
    expect(nl?.regions.map((r) => r.name)).toContain('Noord-Holland');
    expect(nl?.regions).toHaveLength(12);
  });

  it('GET /api/interests.php lists the interests in order', async () => {
    const body = InterestsSchema.parse(await (await get('/api/interests.php')).json());
    expect(body.interests.length).toBeGreaterThanOrEqual(20);
    expect(new Set(body.interests.map((i) => i.slug)).size).toBe(body.interests.length);
  });
});

describe('API base', () => {
  it('answers unknown paths and methods with a JSON 404 in the caller’s language', async () => {
    const res = await get('/api/nothing-here.php', { 'accept-language': 'fr' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Introuvable.' } });
    const wrongMethod = await api().request('/api/regions.php', {
      method: 'DELETE',
      headers: { host: 'lovelane.test', origin: 'http://lovelane.test' },
    });
    expect(wrongMethod.status).toBe(404);
  });

  it('publishes the OpenAPI document with every endpoint', async () => {
    const doc = await (await get('/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/settings.php',
        '/api/companyinfo.php',
        '/api/regions.php',
        '/api/interests.php',
        '/api/page-hidden.php',
        '/api/user.php',
        '/api/logout.php',
      ]),
    );
  });

  it('says authentication_required to a visitor asking for the user', async () => {
    const res = await get('/api/user.php', { 'accept-language': 'nl' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: 'authentication_required', message: 'Log in om verder te gaan.' },
    });
  });
});
