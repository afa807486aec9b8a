import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { interests, regions } from '@/lib/server/db/schema';
import { OwnProfileSchema } from '@/lib/shared/schemas/profile';
import { buildSignup } from '../factories/build-signup';
import { apiClient } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
beforeAll(() => {
  process.env.TRUST_PROXY = '1';
});

async function member() {
  const client = apiClient();
  expect(
    (await client.post('/api/signup.php', buildSignup({ gender: 'female', country: 'NL' }))).status,
  ).toBe(201);
  return client;
}
const regionOf = async (country: string) =>
  (await db.handle().db.select().from(regions).where(eq(regions.country, country)).limit(1))[0];

describe('own profile', () => {
  it('shows every field of a new member, empty where nothing was said yet', async () => {
    const client = await member();
    const res = await client.get('/api/profile.php');
    expect(res.status).toBe(200);
    const profile = OwnProfileSchema.strict().parse(res.json);
    expect(profile).toMatchObject({
      gender: 'female',
      country: 'NL',
      region_id: null,
      hair_color: null,
      interests: [],
      status: 'disabled',
    });
  });

  it('saves the fields that changed and leaves the rest', async () => {
    const client = await member();
    const nh = await regionOf('NL');
    const picked = (await db.handle().db.select({ id: interests.id }).from(interests).limit(3)).map(
      (i) => i.id,
    );
    const res = await client.put('/api/profile.php', {
      sexuality: 'bi',
      region_id: nh?.id,
      city: '  Haarlem ',
      hair_color: 'red',
      eye_color: 'green',
      body_type: 'athletic',
      relationship_status: 'single',
      tattoos: 'some',
      interests: [...picked, picked[0]],
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      sexuality: 'bi',
      region_id: nh?.id,
      city: 'Haarlem',
      hair_color: 'red',
      tattoos: 'some',
      interests: picked,
    });
    const after = await client.put('/api/profile.php', { eye_color: null, interests: [] });
    expect(after.json).toMatchObject({ sexuality: 'bi', eye_color: null, interests: [], hair_color: 'red' });
  });

  it('keeps the region inside the country', async () => {
    const client = await member();
    const de = await regionOf('DE');
    const nl = await regionOf('NL');
    const wrong = await client.put('/api/profile.php', { region_id: de?.id });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error).toMatchObject({
      code: 'field_invalid',
      field: 'region_id',
      message: 'Please check the highlighted field.',
    });
    await client.put('/api/profile.php', { region_id: nl?.id });
    const moved = await client.put('/api/profile.php', { country: 'DE' });
    expect(moved.json).toMatchObject({ country: 'DE', region_id: null });
    expect((await client.put('/api/profile.php', { country: 'DE', region_id: de?.id })).json.region_id).toBe(
      de?.id,
    );
  });

  it('refuses unknown choices, countries and interests, and other fields', async () => {
    const client = await member();
    expect((await client.put('/api/profile.php', { hair_color: 'purple' })).status).toBe(422);
    expect((await client.put('/api/profile.php', { country: 'BR' })).json.error.field).toBe('country');
    expect((await client.put('/api/profile.php', { interests: [999_999] })).json.error.field).toBe(
      'interests',
    );
    expect((await client.put('/api/profile.php', { name: 'someone else' })).status).toBe(422);
    expect(
      (await client.put('/api/profile.php', { interests: Array.from({ length: 11 }, (_, i) => i + 1) }))
        .status,
    ).toBe(422);
  });

  it('is only for the logged-in member', async () => {
    expect((await apiClient().get('/api/profile.php')).status).toBe(403);
    expect((await apiClient().put('/api/profile.php', { city: 'Utrecht' })).status).toBe(403);
  });
});
