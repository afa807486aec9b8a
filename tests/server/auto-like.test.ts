import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { likes } from '@/lib/server/db/schema';
import { autoLike } from '@/lib/server/likes/auto-like';
import { LikerProfileSchema, LikesStateSchema } from '@/lib/shared/schemas/likes';
import { createMember, type MemberSeed } from '../factories/create-member';
import { apiClient, clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
const database = () => db.handle().db;

const HOUR = 3_600_000;

/** Members of one country (each test its own, so candidates of other tests stay out). */
const member = (country: string, seed: MemberSeed = {}) =>
  createMember(database(), { country, gender: 'female', photos: 1, ...seed });

async function likesReceivedBy(viewer: number) {
  return database()
    .select({ likerId: likes.likerId, source: likes.source, isNew: likes.isNew })
    .from(likes)
    .where(eq(likes.likedId, viewer));
}

describe('auto-like', () => {
  it('records a real like from a member who fits the viewer’s search, and answers the liker profile', async () => {
    const viewer = await member('FI', { gender: 'male', name: 'Viljo' });
    const fits = await member('FI', { name: 'Aino' });
    // Not what he looks for, not where he lives, no photo, or not shown to others.
    await member('FI', { gender: 'male' });
    await member('SE');
    await member('FI', { photos: 0 });
    await member('FI', { invisible: true });
    await member('FI', { status: 'disabled' });

    const client = await clientFor(viewer);
    const res = await client.get('/api/auto-like.php');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const liker = LikerProfileSchema.strict().parse(res.json);
    expect(liker).toMatchObject({ id: fits, name: 'Aino', fictional: false });
    expect(liker.main_image?.match).toMatch(/^\/cdn\/p\/test\/\d+-0\.jpg$/);

    expect(await likesReceivedBy(viewer)).toEqual([{ likerId: fits, source: 'auto', isNew: true }]);
    const state = LikesStateSchema.parse((await client.get('/api/likes.php')).json);
    expect(state.liked_by).toEqual([{ id: fits, like_new: true }]);
    expect(state.num_new_likes).toBe(1);
  });

  it('likes a viewer at most once a day: asking again that day shows the same liker, the next day brings another', async () => {
    const now = new Date('2026-11-20T10:00:00Z');
    const viewer = await member('DK', { gender: 'male' });
    const first = await member('DK', { lastActiveAt: new Date(now.getTime() - 60_000) });

    expect((await autoLike({ userId: viewer, cdnPrefix: '/cdn/', now })).id).toBe(first);
    const second = await member('DK', { lastActiveAt: new Date(now.getTime() - 30_000) });
    const later = new Date(now.getTime() + 13 * HOUR);
    expect((await autoLike({ userId: viewer, cdnPrefix: '/cdn/', now: later })).id).toBe(first);
    expect(await likesReceivedBy(viewer)).toHaveLength(1);

    // The next day (UTC) brings the next one: not the member who already likes the viewer.
    const nextDay = new Date('2026-11-21T00:30:00Z');
    expect((await autoLike({ userId: viewer, cdnPrefix: '/cdn/', now: nextDay })).id).toBe(second);
    expect((await likesReceivedBy(viewer)).map((l) => l.likerId).sort()).toEqual([first, second].sort());
  });

  it('never comes from a member blocked either way, nor from one the viewer liked', async () => {
    const viewer = await member('PL', { gender: 'male' });
    const blockedByViewer = await member('PL');
    const blockingViewer = await member('PL');
    const likedByViewer = await member('PL');
    const client = await clientFor(viewer);
    expect((await client.post('/api/block.php', { member: blockedByViewer })).status).toBe(204);
    expect((await (await clientFor(blockingViewer)).post('/api/block.php', { member: viewer })).status).toBe(
      204,
    );
    expect((await client.post('/api/like.php', { member: likedByViewer })).status).toBe(200);

    const refused = await client.get('/api/auto-like.php');
    expect(refused.status).toBe(404);
    expect(refused.json).toMatchObject({
      error: { code: 'not_found', message: 'Nobody new has liked you just now.' },
    });
    expect(await likesReceivedBy(viewer)).toEqual([]);

    // Someone who fits and stands free of all that does like him.
    const free = await member('PL', { fictional: true });
    const res = await client.get('/api/auto-like.php');
    expect(res.status).toBe(200);
    // Fictional profiles may like, and say so.
    expect(LikerProfileSchema.parse(res.json)).toMatchObject({ id: free, fictional: true });
  });

  it('answers the same liker again only while they may still be seen and are not blocked', async () => {
    const viewer = await member('IT', { gender: 'male' });
    const liker = await member('IT');
    const client = await clientFor(viewer);
    expect(LikerProfileSchema.parse((await client.get('/api/auto-like.php')).json).id).toBe(liker);
    expect((await client.post('/api/block.php', { member: liker })).status).toBe(204);
    // Blocking ended the like; today's auto-like is used, so there is nobody to show.
    const again = await client.get('/api/auto-like.php');
    expect(again.status).toBe(404);
    const row = await database()
      .select()
      .from(likes)
      .where(and(eq(likes.likerId, liker), eq(likes.likedId, viewer)));
    expect(row).toEqual([]);
  });

  it('is for members only', async () => {
    const res = await apiClient().get('/api/auto-like.php');
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: { code: 'authentication_required' } });
  });
});
