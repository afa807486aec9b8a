import { describe, expect, it } from 'vitest';
import { clearLanderAudiences, landerAudience } from '@/lib/server/landers/lander-members';
import { updateOwnProfile } from '@/lib/server/members/update-own-profile';
import { createMember } from '../factories/create-member';
import { withTestDatabase } from '../helpers/database';

const db = withTestDatabase();
const database = () => db.handle().db;

const yearsAgo = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCMonth(0, 1);
  return d.toISOString().slice(0, 10);
};

describe('the landers’ audience', () => {
  it('is the visible members with a photo of the country, the real ones first, with real counts', async () => {
    clearLanderAudiences();
    const now = Date.now();
    const online = await createMember(database(), {
      country: 'NZ',
      photos: 1,
      lastActiveAt: new Date(now - 2 * 60_000),
    });
    const fictional = await createMember(database(), {
      country: 'NZ',
      photos: 1,
      fictional: true,
      lastActiveAt: new Date(now - 60_000),
    });
    const away = await createMember(database(), {
      country: 'NZ',
      photos: 1,
      lastActiveAt: new Date(now - 3 * 3_600_000),
    });
    const invisible = await createMember(database(), {
      country: 'NZ',
      photos: 1,
      invisible: true,
      lastActiveAt: new Date(now - 60_000),
    });
    const noPhoto = await createMember(database(), { country: 'NZ', lastActiveAt: new Date(now - 60_000) });
    await createMember(database(), { country: 'AU', photos: 1, lastActiveAt: new Date(now - 60_000) });

    const audience = await landerAudience({ country: 'NZ', niche: 1 });
    expect(audience.members.map((m) => m.id)).toEqual([online, away, fictional]);
    expect(audience.members.map((m) => m.id)).not.toContain(invisible);
    expect(audience.members.find((m) => m.id === fictional)?.fictional).toBe(true);
    expect(audience.members.find((m) => m.id === online)?.online).toBe(true);
    expect(audience.members.find((m) => m.id === away)?.online).toBe(false);
    // Counted in the database: the member without a photo counts, the invisible one does not.
    expect(audience.memberCount).toBe(4);
    expect(audience.onlineCount).toBe(3);
    expect(audience.members.map((m) => m.id)).not.toContain(noPhoto);
  });

  it('follows the site’s niche', async () => {
    clearLanderAudiences();
    const lastActiveAt = new Date();
    const woman = await createMember(database(), {
      country: 'IE',
      gender: 'female',
      photos: 1,
      lastActiveAt,
    });
    const man = await createMember(database(), { country: 'IE', gender: 'male', photos: 1, lastActiveAt });
    const mature = await createMember(database(), {
      country: 'IE',
      gender: 'male',
      photos: 1,
      dateOfBirth: yearsAgo(52),
      lastActiveAt,
    });
    const ids = async (niche: number) =>
      (await landerAudience({ country: 'IE', niche })).members.map((m) => m.id).sort();
    expect(await ids(2)).toEqual([woman]);
    expect(await ids(3)).toEqual([man, mature].sort());
    expect(await ids(4)).toEqual([mature]);
    expect(await ids(1)).toEqual([woman, man, mature].sort());
  });

  it('keeps a country’s audience for a minute, so paid traffic costs no query per visitor', async () => {
    clearLanderAudiences();
    const at = new Date();
    const first = await landerAudience({ country: 'CA', niche: 1, now: at });
    await createMember(database(), { country: 'CA', photos: 1, lastActiveAt: at });
    expect(await landerAudience({ country: 'CA', niche: 1, now: new Date(at.getTime() + 30_000) })).toBe(
      first,
    );
    const later = await landerAudience({ country: 'CA', niche: 1, now: new Date(at.getTime() + 61_000) });
    expect(later.members).toHaveLength(first.members.length + 1);
  });

  it('lets a member who goes invisible leave the landers at once', async () => {
    clearLanderAudiences();
    const lastActiveAt = new Date();
    const member = await createMember(database(), { country: 'DK', photos: 1, lastActiveAt });
    expect((await landerAudience({ country: 'DK', niche: 1 })).members.map((m) => m.id)).toEqual([member]);
    await updateOwnProfile({ userId: member, changes: { invisible: true } });
    expect((await landerAudience({ country: 'DK', niche: 1 })).members).toEqual([]);
  });
});
