// A member's page version (lib/server/page-cache): it moves on with every change to what the page
// shows, and only then, so a page rendered once is served exactly while it still holds.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { photos, profileInterests, profiles, searchGenerations } from '@/lib/server/db/schema';
import { createMember } from '../factories/create-member';
import { withTestDatabase } from '../helpers/database';

const db = withTestDatabase();

async function version(userId: number): Promise<number> {
  const [row] = await db
    .handle()
    .db.select({ pageVersion: profiles.pageVersion })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.pageVersion ?? -1;
}

describe('a member’s page version', () => {
  it('moves on with the profile, the photos and the interests, not with the last activity', async () => {
    const handle = db.handle().db;
    const userId = await createMember(handle, { name: 'Versioned' });
    const other = await createMember(handle, { name: 'Someone Else' });
    let seen = await version(userId);
    const movesOn = async () => {
      const now = await version(userId);
      expect(now).toBeGreaterThan(seen);
      seen = now;
    };

    // Activity alone: the page shows the same.
    await handle.update(profiles).set({ lastActiveAt: new Date() }).where(eq(profiles.userId, userId));
    expect(await version(userId)).toBe(seen);
    // An update that changes nothing: the same.
    await handle.update(profiles).set({ city: null }).where(eq(profiles.userId, userId));
    seen = await version(userId);
    await handle.update(profiles).set({ city: null }).where(eq(profiles.userId, userId));
    expect(await version(userId)).toBe(seen);

    await handle.update(profiles).set({ city: 'Haarlem' }).where(eq(profiles.userId, userId));
    await movesOn();
    await handle.update(profiles).set({ invisible: true }).where(eq(profiles.userId, userId));
    await movesOn();

    const [photo] = await handle
      .insert(photos)
      .values({ userId, filename: 'a.jpg', thumbFilename: 'a-t.jpg', width: 10, height: 10, bytes: 1 })
      .returning({ id: photos.id });
    await movesOn();
    await handle
      .update(photos)
      .set({ status: 'active' })
      .where(eq(photos.id, photo?.id ?? 0));
    await movesOn();
    await handle.delete(photos).where(eq(photos.id, photo?.id ?? 0));
    await movesOn();

    const [interest] = await handle
      .insert(profileInterests)
      .values({ userId, interestId: 1 })
      .returning({ userId: profileInterests.userId });
    expect(interest?.userId).toBe(userId);
    await movesOn();
    await handle.delete(profileInterests).where(eq(profileInterests.userId, userId));
    await movesOn();

    // Another member's changes leave this page alone.
    const otherBefore = await version(other);
    await handle.update(profiles).set({ city: 'Utrecht' }).where(eq(profiles.userId, userId));
    expect(await version(other)).toBe(otherBefore);
  });
});

/** A country's search generation; '**' for the sum over every country (a search of all countries). */
async function generation(country: string): Promise<number> {
  const rows = await db
    .handle()
    .db.select({ country: searchGenerations.country, generation: searchGenerations.generation })
    .from(searchGenerations);
  return rows
    .filter((row) => country === '**' || row.country === country)
    .reduce((sum, row) => sum + Number(row.generation), 0);
}

describe('a country’s search generation', () => {
  it('moves on when a profile may enter or leave a search there, and only then', async () => {
    const handle = db.handle().db;
    const before = { NL: await generation('NL'), DE: await generation('DE'), all: await generation('**') };
    const userId = await createMember(handle, { name: 'Searched', country: 'NL' });
    expect(await generation('NL')).toBeGreaterThan(before.NL);
    expect(await generation('**')).toBeGreaterThan(before.all);
    expect(await generation('DE')).toBe(before.DE);

    // What a search neither shows nor filters by: the same.
    let nl = await generation('NL');
    await handle
      .update(profiles)
      .set({ lastActiveAt: new Date(), city: 'Haarlem' })
      .where(eq(profiles.userId, userId));
    expect(await generation('NL')).toBe(nl);

    // Going invisible, and moving to another country (both countries).
    await handle.update(profiles).set({ invisible: true }).where(eq(profiles.userId, userId));
    expect(await generation('NL')).toBeGreaterThan(nl);
    nl = await generation('NL');
    await handle.update(profiles).set({ country: 'DE' }).where(eq(profiles.userId, userId));
    expect(await generation('NL')).toBeGreaterThan(nl);
    expect(await generation('DE')).toBeGreaterThan(before.DE);
  });
});
