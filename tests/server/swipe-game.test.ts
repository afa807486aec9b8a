import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { likes } from '@/lib/server/db/schema';
import { getSwipeStack } from '@/lib/server/likes/get-swipe-stack';
import { endOfLocalDay, startOfLocalDay, swipeLikesLeft } from '@/lib/server/likes/swipe-game';
import { swipeMember } from '@/lib/server/likes/swipe-member';
import { AppError } from '@/lib/server/errors';
import { SWIPE_LIKES_PER_DAY, SwipeResponseSchema, SwipeStackSchema } from '@/lib/shared/schemas/swipe';
import { createMember, type MemberSeed } from '../factories/create-member';
import { apiClient, clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
const database = () => db.handle().db;

const at = (iso: string) => new Date(iso);
/** Members the viewer (a woman looking for men) may be shown, most recently active first. */
const men = async (count: number, seed: MemberSeed = {}) => {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) ids.push(await createMember(database(), { gender: 'male', ...seed }));
  return ids;
};

/** What a refused swipe was refused with (the error code and message key). */
async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, messageKey: error.options.messageKey };
    throw error;
  }
  return null;
}

describe('the swipe day', () => {
  // 22:30 UTC on 10 March: already 00:30 on 11 March in Helsinki (UTC+2), still 22:30 in London.
  const lateEvening = at('2026-03-10T22:30:00Z');

  it('starts at local midnight in the member’s time zone', () => {
    expect(startOfLocalDay(lateEvening, 'Europe/Helsinki')).toEqual(at('2026-03-10T22:00:00Z'));
    expect(startOfLocalDay(lateEvening, 'Europe/London')).toEqual(at('2026-03-10T00:00:00Z'));
    expect(endOfLocalDay(lateEvening, 'Europe/Helsinki')).toEqual(at('2026-03-11T22:00:00Z'));
    expect(endOfLocalDay(lateEvening, 'Europe/London')).toEqual(at('2026-03-11T00:00:00Z'));
    // West of UTC the day starts later: 18:30 on 10 March in New York (UTC−4 since 8 March).
    expect(startOfLocalDay(lateEvening, 'America/New_York')).toEqual(at('2026-03-10T04:00:00Z'));
    // East beyond the date line: 11:30 on 11 March in Auckland (UTC+13).
    expect(startOfLocalDay(lateEvening, 'Pacific/Auckland')).toEqual(at('2026-03-10T11:00:00Z'));
  });

  it('has 23 or 25 hours when the clocks change', () => {
    // Summer time starts in the EU at 01:00 UTC on 29 March 2026, ends at 01:00 UTC on 25 October.
    const spring = at('2026-03-29T12:00:00Z');
    expect(startOfLocalDay(spring, 'Europe/Amsterdam')).toEqual(at('2026-03-28T23:00:00Z'));
    expect(endOfLocalDay(spring, 'Europe/Amsterdam')).toEqual(at('2026-03-29T22:00:00Z'));
    const autumn = at('2026-10-25T12:00:00Z');
    expect(startOfLocalDay(autumn, 'Europe/Amsterdam')).toEqual(at('2026-10-24T22:00:00Z'));
    expect(endOfLocalDay(autumn, 'Europe/Amsterdam')).toEqual(at('2026-10-25T23:00:00Z'));
  });

  it('gives free members SWIPE_LIKES_PER_DAY likes and premium members no limit', () => {
    expect(SWIPE_LIKES_PER_DAY).toBe(4);
    expect(swipeLikesLeft({ used: 0, isPremium: false })).toBe(4);
    expect(swipeLikesLeft({ used: 3, isPremium: false })).toBe(1);
    expect(swipeLikesLeft({ used: 9, isPremium: false })).toBe(0);
    expect(swipeLikesLeft({ used: 9, isPremium: true })).toBeNull();
  });
});

describe('the daily swipe likes', () => {
  it('start again at midnight in the member’s own country, not at UTC midnight', async () => {
    const helsinki = await createMember(database(), { country: 'FI' });
    const london = await createMember(database(), { country: 'GB' });
    const targets = await men(16, { country: 'FI' });
    const take = () => targets.pop() ?? 0;
    // 23:50 in Helsinki, 21:50 in London: both use their four likes.
    const evening = at('2026-03-10T21:50:00Z');
    for (const userId of [helsinki, london]) {
      const answers = [];
      for (let i = 0; i < SWIPE_LIKES_PER_DAY; i += 1) {
        answers.push(await swipeMember({ userId, memberId: take(), action: 'like', now: evening }));
      }
      expect(answers.map((a) => a.likes_left)).toEqual([3, 2, 1, 0]);
      expect(await refusal(swipeMember({ userId, memberId: take(), action: 'like', now: evening }))).toEqual({
        code: 'rate_limited',
        messageKey: 'swipe_limit',
      });
    }

    // 40 minutes later it is a new day in Helsinki (00:30), still the same one in London (22:30).
    const later = at('2026-03-10T22:30:00Z');
    const inHelsinki = await swipeMember({ userId: helsinki, memberId: take(), action: 'like', now: later });
    expect(inHelsinki).toEqual({ match: false, likes_left: 3, resets_at: '2026-03-11T22:00:00.000Z' });
    expect(
      await refusal(swipeMember({ userId: london, memberId: take(), action: 'like', now: later })),
    ).toEqual({
      code: 'rate_limited',
      messageKey: 'swipe_limit',
    });
    expect(await getSwipeStack({ userId: london, now: later })).toMatchObject({
      likes_left: 0,
      resets_at: '2026-03-11T00:00:00.000Z',
    });
    // Passing is never limited.
    expect(await swipeMember({ userId: london, memberId: take(), action: 'pass', now: later })).toMatchObject(
      {
        likes_left: 0,
      },
    );
    // London's new day begins at 00:00 UTC.
    const londonMorning = at('2026-03-11T00:05:00Z');
    expect(
      await swipeMember({ userId: london, memberId: take(), action: 'like', now: londonMorning }),
    ).toEqual({
      match: false,
      likes_left: 3,
      resets_at: '2026-03-12T00:00:00.000Z',
    });
  });

  it('do not limit premium members', async () => {
    const premium = await createMember(database(), { paidUser: true });
    const now = at('2026-05-02T10:00:00Z');
    for (const memberId of await men(SWIPE_LIKES_PER_DAY + 2)) {
      expect(await swipeMember({ userId: premium, memberId, action: 'like', now })).toMatchObject({
        likes_left: null,
      });
    }
    expect((await getSwipeStack({ userId: premium, now })).likes_left).toBeNull();
  });

  it('cannot be overspent by likes at the same moment', async () => {
    const viewer = await createMember(database(), { country: 'SE' });
    const targets = await men(SWIPE_LIKES_PER_DAY + 3, { country: 'SE' });
    const now = at('2026-06-01T12:00:00Z');
    const results = await Promise.allSettled(
      targets.map((memberId) => swipeMember({ userId: viewer, memberId, action: 'like', now })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(SWIPE_LIKES_PER_DAY);
    const liked = await database()
      .select({ id: likes.likedId })
      .from(likes)
      .where(and(eq(likes.likerId, viewer), eq(likes.source, 'swipe')));
    expect(liked).toHaveLength(SWIPE_LIKES_PER_DAY);
  });
});

describe('the swipe stack', () => {
  it('holds members who fit the viewer, leaving out the liked, the recently passed and blocks', async () => {
    const now = new Date();
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
    const viewer = await createMember(database(), { country: 'IE', gender: 'female' });
    const client = await clientFor(viewer);
    const [newest = 0, liked = 0, passed = 0, blocked = 0, blocker = 0, older = 0] = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((m) =>
        createMember(database(), { country: 'IE', gender: 'male', lastActiveAt: minutesAgo(m), photos: 1 }),
      ),
    );
    const woman = await createMember(database(), { country: 'IE', gender: 'female' });
    const hidden = await createMember(database(), { country: 'IE', gender: 'male', invisible: true });
    const unconfirmed = await createMember(database(), { country: 'IE', gender: 'male', status: 'disabled' });

    await swipeMember({ userId: viewer, memberId: liked, action: 'like', now });
    await swipeMember({ userId: viewer, memberId: passed, action: 'pass', now });
    expect((await client.post('/api/block.php', { member: blocked })).status).toBe(204);
    expect((await (await clientFor(blocker)).post('/api/block.php', { member: viewer })).status).toBe(204);

    const res = await client.get('/api/swipe.php');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const stack = SwipeStackSchema.strict().parse(res.json);
    const ids = stack.profiles.map((p) => p.id);
    // In the viewer's country, newest active first, before anyone elsewhere.
    expect(ids.slice(0, 2)).toEqual([newest, older]);
    for (const left of [viewer, liked, passed, blocked, blocker, woman, hidden, unconfirmed]) {
      expect(ids).not.toContain(left);
    }
    expect(stack.profiles[0]).toMatchObject({ id: newest, gender: 'male', country: 'IE', online: true });
    expect(stack.profiles[0]?.main_image).not.toBeNull();
    expect(stack.likes_left).toBe(SWIPE_LIKES_PER_DAY - 1);
    expect(Date.parse(stack.resets_at)).toBeGreaterThan(now.getTime());
    // The country ran short, so men elsewhere fill the stack up.
    expect(stack.profiles.slice(2).every((p) => p.country !== 'IE' && p.gender === 'male')).toBe(true);

    // Blocking takes a member out of the stack.
    expect((await client.post('/api/block.php', { member: newest })).status).toBe(204);
    const after = SwipeStackSchema.parse((await client.get('/api/swipe.php')).json);
    expect(after.profiles.map((p) => p.id)).not.toContain(newest);
  });

  it('brings a passed member back after 30 days', async () => {
    const viewer = await createMember(database(), { country: 'NO' });
    const [member = 0] = await men(1, { country: 'NO' });
    const passedAt = at('2026-04-01T12:00:00Z');
    await swipeMember({ userId: viewer, memberId: member, action: 'pass', now: passedAt });
    const day = 86_400_000;
    const stackOn = async (days: number) =>
      (await getSwipeStack({ userId: viewer, now: new Date(passedAt.getTime() + days * day) })).profiles.map(
        (p) => p.id,
      );
    expect(await stackOn(0)).not.toContain(member);
    expect(await stackOn(29)).not.toContain(member);
    expect(await stackOn(31)).toContain(member);
  });
});

describe('POST /api/swipe.php', () => {
  it('likes as a normal like: a like back makes a match', async () => {
    const anna = await createMember(database(), { name: 'Anna' });
    const [bram = 0] = await men(1);
    expect((await (await clientFor(bram)).post('/api/like.php', { member: anna })).status).toBe(200);
    const res = await (await clientFor(anna)).post('/api/swipe.php', { member: bram, action: 'like' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(SwipeResponseSchema.strict().parse(res.json)).toMatchObject({ match: true, likes_left: 3 });
    const [row] = await database()
      .select({ source: likes.source, matchedAt: likes.matchedAt })
      .from(likes)
      .where(and(eq(likes.likerId, anna), eq(likes.likedId, bram)));
    expect(row?.source).toBe('swipe');
    expect(row?.matchedAt).toBeInstanceOf(Date);
  });

  it('refuses a fifth like of the day in the member’s language, and unknown members and oneself', async () => {
    const viewer = await createMember(database());
    const client = await clientFor(viewer, { language: 'de' });
    const statuses: number[] = [];
    let refused: { status: number; json: unknown; retryAfter: string | null } | null = null;
    for (const member of await men(SWIPE_LIKES_PER_DAY + 1)) {
      const res = await client.post('/api/swipe.php', { member, action: 'like' });
      statuses.push(res.status);
      if (res.status !== 200)
        refused = { status: res.status, json: res.json, retryAfter: res.headers.get('retry-after') };
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(refused?.json).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Du hast deine 4 Likes für heute vergeben. Neue Likes gibt es um Mitternacht.',
      },
    });
    expect(Number(refused?.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused?.retryAfter)).toBeLessThanOrEqual(25 * 3600);

    const unknown = await client.post('/api/swipe.php', { member: 2_000_000_000, action: 'pass' });
    expect(unknown.status).toBe(404);
    const self = await client.post('/api/swipe.php', { member: viewer, action: 'pass' });
    expect(self.status).toBe(422);
    const odd = await client.post('/api/swipe.php', { member: viewer, action: 'superlike' });
    expect(odd.status).toBe(422);
    expect((await apiClient().get('/api/swipe.php')).status).toBe(403);
  });
});
