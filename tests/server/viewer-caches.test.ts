import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { interests, profileInterests, profiles } from '@/lib/server/db/schema';
import { MatchListSchema } from '@/lib/shared/schemas/match-finder';
import { SwipeStackSchema } from '@/lib/shared/schemas/swipe';
import { createMember, type MemberSeed } from '../factories/create-member';
import { clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';

// The swipe stack and the match-finder are kept a short while per member; whatever the member
// changes (profile, likes, passes, blocks either way) shows in the very next answer.

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
const database = () => db.handle().db;

type Client = Awaited<ReturnType<typeof clientFor>>;

async function stackIds(client: Client): Promise<number[]> {
  const res = await client.get('/api/swipe.php');
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return SwipeStackSchema.strict()
    .parse(res.json)
    .profiles.map((p) => p.id);
}

async function matches(client: Client, query = '') {
  const res = await client.get(`/api/match-finder.php${query}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return MatchListSchema.strict().parse(res.json);
}

/** Members of one country, the most recently active first. */
async function members(count: number, seed: MemberSeed) {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    ids.push(
      await createMember(database(), { ...seed, lastActiveAt: new Date(Date.now() - (i + 1) * 60_000) }),
    );
  }
  return ids;
}

let interestIds: number[] = [];
beforeAll(async () => {
  interestIds = (await database().select({ id: interests.id }).from(interests).orderBy(interests.id)).map(
    (r) => r.id,
  );
});

describe('the swipe stack, asked again', () => {
  it('leaves out a member the viewer just liked, passed or blocked, or who just blocked the viewer', async () => {
    const viewer = await createMember(database(), { country: 'FI', gender: 'female' });
    const client = await clientFor(viewer);
    const [liked = 0, passed = 0, blocked = 0, blocker = 0, stays = 0] = await members(5, {
      country: 'FI',
      gender: 'male',
    });
    const first = await stackIds(client);
    expect(first.slice(0, 5)).toEqual([liked, passed, blocked, blocker, stays]);
    // The same again: nothing changed.
    expect(await stackIds(client)).toEqual(first);

    expect((await client.post('/api/like.php', { member: liked })).status).toBe(200);
    expect(await stackIds(client)).not.toContain(liked);

    expect((await client.post('/api/swipe.php', { member: passed, action: 'pass' })).status).toBe(200);
    expect(await stackIds(client)).not.toContain(passed);

    expect((await client.post('/api/block.php', { member: blocked })).status).toBe(204);
    expect(await stackIds(client)).not.toContain(blocked);

    expect((await (await clientFor(blocker)).post('/api/block.php', { member: viewer })).status).toBe(204);
    const after = await stackIds(client);
    expect(after).not.toContain(blocker);
    expect(after[0]).toBe(stays);
  });

  it('brings a member back once the like is taken back', async () => {
    const viewer = await createMember(database(), { country: 'PL', gender: 'female' });
    const client = await clientFor(viewer);
    const [member = 0] = await members(1, { country: 'PL', gender: 'male' });
    expect((await client.post('/api/like.php', { member })).status).toBe(200);
    expect(await stackIds(client)).not.toContain(member);
    expect((await client.delete('/api/like.php', { member })).status).toBeLessThan(300);
    expect((await stackIds(client))[0]).toBe(member);
  });

  it('deals whom the viewer now looks for after a profile change', async () => {
    const viewer = await createMember(database(), { country: 'NO', gender: 'female' });
    const client = await clientFor(viewer);
    const [man = 0] = await members(1, { country: 'NO', gender: 'male' });
    const [woman = 0] = await members(1, { country: 'NO', gender: 'female' });
    const before = await stackIds(client);
    expect(before[0]).toBe(man);
    expect(before).not.toContain(woman);

    expect((await client.put('/api/profile.php', { sexuality: 'lesbian' })).status).toBe(200);
    const after = await stackIds(client);
    expect(after[0]).toBe(woman);
    expect(after).not.toContain(man);
  });
});

describe('the match-finder, asked again', () => {
  it('answers with the viewer’s new interests after a profile change', async () => {
    const [a = 0, b = 0, c = 0] = interestIds;
    const viewer = await createMember(database(), { country: 'SE', gender: 'male' });
    await database().insert(profileInterests).values({ userId: viewer, interestId: a });
    const client = await clientFor(viewer);
    expect((await matches(client)).answers.interests).toEqual([a]);

    expect((await client.put('/api/profile.php', { interests: [b, c] })).status).toBe(200);
    expect([...(await matches(client)).answers.interests].sort((x, y) => x - y)).toEqual(
      [b, c].sort((x, y) => x - y),
    );
  });

  it('leaves out a member blocked either way right after the block', async () => {
    const viewer = await createMember(database(), {
      country: 'DK',
      gender: 'female',
      dateOfBirth: '1990-05-05',
    });
    const client = await clientFor(viewer);
    const seed = { country: 'DK', gender: 'male' as const, dateOfBirth: '1991-05-05' };
    const [blocked = 0, blocker = 0, stays = 0] = await members(3, seed);
    // Nobody in these tests has a town on the map: the distance means the viewer's country.
    await database().update(profiles).set({ lat: null, lon: null }).where(eq(profiles.country, 'DK'));
    const ids = async () => (await matches(client)).profiles.map((p) => p.id);
    expect(await ids()).toEqual(expect.arrayContaining([blocked, blocker, stays]));

    expect((await client.post('/api/block.php', { member: blocked })).status).toBe(204);
    expect(await ids()).not.toContain(blocked);

    expect((await (await clientFor(blocker)).post('/api/block.php', { member: viewer })).status).toBe(204);
    const after = await ids();
    expect(after).not.toContain(blocker);
    expect(after).toContain(stays);
  });
});

describe('an answer that lists other members', () => {
  it('is kept until the member or one it lists changes, and a load overtaken by such a change is not kept', async () => {
    const { viewerCached, dropViewerCaches } = await import('@/lib/server/members/viewer-caches');
    const [viewer, listed, other] = [9_100_001, 9_100_002, 9_100_003];
    let loads = 0;
    const load = () => {
      loads += 1;
      return Promise.resolve({ ids: [listed], load: loads });
    };
    const ask = () => viewerCached(viewer, 'test-list', new Date(), load, (answer) => answer.ids);

    expect((await ask()).load).toBe(1);
    expect((await ask()).load).toBe(1);
    dropViewerCaches(other);
    expect((await ask()).load).toBe(1);
    dropViewerCaches(listed);
    expect((await ask()).load).toBe(2);
    dropViewerCaches(viewer);
    expect((await ask()).load).toBe(3);

    // The listed member changes while the answer is being read: the next call reads again.
    dropViewerCaches(viewer);
    const overtaken = viewerCached(
      viewer,
      'test-list',
      new Date(),
      async () => {
        const answer = await load();
        dropViewerCaches(listed);
        return answer;
      },
      (answer) => answer.ids,
    );
    expect((await overtaken).load).toBe(4);
    expect((await ask()).load).toBe(5);
    expect((await ask()).load).toBe(5);
  });
});

describe('a browser that made a change', () => {
  // Another process hears of a drop over the bus a moment later; until then the browser that made the
  // change, carrying the instant of its answer, is served nothing kept from before it.
  it('is served no answer loaded before its change, on a process that has not heard of it yet', async () => {
    const { viewerCached, readFreshAfter } = await import('@/lib/server/members/viewer-caches');
    const [viewer, other] = [9_100_011, 9_100_012];
    let loads = 0;
    const ask = (member = viewer) =>
      viewerCached(member, 'test-fresh', new Date(), () => Promise.resolve((loads += 1)));

    expect(await ask()).toBe(1);
    expect(await ask(other)).toBe(2);
    readFreshAfter(viewer, undefined);
    expect(await ask()).toBe(1);
    // A change long before the answer was loaded does not matter.
    readFreshAfter(viewer, String(Date.now() - 5_000));
    expect(await ask()).toBe(1);
    // An instant from the future, or that is no number, is not believed.
    readFreshAfter(viewer, String(Date.now() + 3_600_000));
    readFreshAfter(viewer, 'soon');
    expect(await ask()).toBe(1);
    // The browser's change came after the answer was kept: read again, and the member's answers
    // stay unkept until the clocks' margin has passed. Other members' answers are kept as they were.
    readFreshAfter(viewer, String(Date.now()));
    expect(await ask()).toBe(3);
    expect(await ask()).toBe(4);
    expect(await ask(other)).toBe(2);
  });

  it('gets the instant of its change with the answer to a change, and none with a read', async () => {
    const [anna, bram] = [await createMember(database()), await createMember(database())];
    const client = await clientFor(anna);
    const read = await client.get('/api/likes.php');
    expect(read.status).toBe(200);
    expect(read.headers.get('set-cookie') ?? '').not.toContain('fresh_after=');

    const before = Date.now();
    const liked = await client.post('/api/like.php', { member: bram });
    expect(liked.status).toBe(200);
    const cookie = liked.headers.get('set-cookie') ?? '';
    const at = Number(/fresh_after=(\d+)/.exec(cookie)?.[1]);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=60/);
    // The next read carries it, and sees the like.
    const after = await client.get('/api/likes.php');
    expect((after.json as { profiles: { id: number }[] }).profiles.map((p) => p.id)).toContain(bram);
  });
});
