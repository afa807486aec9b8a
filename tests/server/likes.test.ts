import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resetEnv } from '@/lib/server/env';
import { likes } from '@/lib/server/db/schema';
import {
  LIKES_PAGE_SIZE,
  LikeListSchema,
  LikeResponseSchema,
  LikesStateSchema,
  type LikesState,
} from '@/lib/shared/schemas/likes';
import { createMember } from '../factories/create-member';
import { apiClient, clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
const database = () => db.handle().db;

type Client = Awaited<ReturnType<typeof clientFor>>;

async function like(client: Client, member: number) {
  const res = await client.post('/api/like.php', { member });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return LikeResponseSchema.strict().parse(res.json);
}

async function likesOf(client: Client): Promise<LikesState> {
  const res = await client.get('/api/likes.php');
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return LikesStateSchema.strict().parse(res.json);
}

/** Two members who can log in, with their clients. */
async function pair() {
  const a = await createMember(database(), { name: 'Anna' });
  const b = await createMember(database(), { name: 'Bram' });
  return { a, b, clientA: await clientFor(a), clientB: await clientFor(b) };
}

describe('likes', () => {
  it('shows a like as new to the liked member until they open the liker’s profile', async () => {
    const { a, b, clientA, clientB } = await pair();
    expect(await like(clientA, b)).toEqual({ match: false });

    expect(await likesOf(clientA)).toEqual({
      profiles: [{ id: b, match: false }],
      liked_by: [],
      num_new_likes: 0,
    });
    expect(await likesOf(clientB)).toEqual({
      profiles: [],
      liked_by: [{ id: a, like_new: true }],
      num_new_likes: 1,
    });

    expect((await clientB.get(`/api/member.php?id=${a}`)).status).toBe(200);
    expect(await likesOf(clientB)).toEqual({
      profiles: [],
      liked_by: [{ id: a, like_new: false }],
      num_new_likes: 0,
    });
    // The liker opening the liked member's page changes nothing for the liked member.
    expect((await clientA.get(`/api/member.php?id=${b}`)).status).toBe(200);
    expect((await likesOf(clientA)).liked_by).toEqual([]);
  });

  it('makes a match when the liked member likes back, and ends it when a like is taken back', async () => {
    const { a, b, clientA, clientB } = await pair();
    await like(clientA, b);
    expect(await like(clientB, a)).toEqual({ match: true });
    // Liking again changes nothing and answers as before.
    expect(await like(clientA, b)).toEqual({ match: true });
    expect((await likesOf(clientA)).profiles).toEqual([{ id: b, match: true }]);
    expect((await likesOf(clientB)).profiles).toEqual([{ id: a, match: true }]);
    // Each member's page says how the two stand.
    expect((await clientA.get(`/api/member.php?id=${b}`)).json).toMatchObject({
      liked_by_viewer: true,
      likes_viewer: true,
      match: true,
    });

    expect((await clientA.delete('/api/like.php', { member: b })).status).toBe(204);
    expect(await likesOf(clientA)).toMatchObject({ profiles: [], liked_by: [{ id: b }] });
    expect((await likesOf(clientB)).profiles).toEqual([{ id: a, match: false }]);
    expect((await clientB.get(`/api/member.php?id=${a}`)).json).toMatchObject({
      liked_by_viewer: true,
      likes_viewer: false,
      match: false,
    });
    // Taking back a like that is not there is no error.
    expect((await clientA.delete('/api/like.php', { member: b })).status).toBe(204);
  });

  it('makes exactly one match when both like each other at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { a, b, clientA, clientB } = await pair();
      const answers = await Promise.all([like(clientA, b), like(clientB, a)]);
      expect(answers.filter((answer) => answer.match)).toHaveLength(1);
      const rows = await database()
        .select({ matchedAt: likes.matchedAt })
        .from(likes)
        .where(and(eq(likes.likerId, a), eq(likes.likedId, b)));
      expect(rows[0]?.matchedAt).toBeInstanceOf(Date);
      expect((await likesOf(clientA)).profiles).toEqual([{ id: b, match: true }]);
    }
  });

  it('lists received likes new first, then newest', async () => {
    const viewer = await createMember(database());
    const viewerClient = await clientFor(viewer);
    const likers: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const liker = await createMember(database());
      await like(await clientFor(liker), viewer);
      likers.push(liker);
    }
    const [first = 0, second = 0, third = 0] = likers;
    // The viewer has seen the newest like.
    await viewerClient.get(`/api/member.php?id=${third}`);
    const state = await likesOf(viewerClient);
    expect(state.liked_by).toEqual([
      { id: second, like_new: true },
      { id: first, like_new: true },
      { id: third, like_new: false },
    ]);
    expect(state.num_new_likes).toBe(2);
  });

  it('refuses oneself with its own message, and hidden, blocked and unknown members all alike', async () => {
    const viewer = await createMember(database());
    const client = await clientFor(viewer);
    const self = await client.post('/api/like.php', { member: viewer });
    expect(self.status).toBe(422);
    expect(self.json).toMatchObject({ error: { message: 'You cannot like yourself.' } });

    const invisible = await createMember(database(), { invisible: true });
    const deleted = await createMember(database(), { status: 'deleted' });
    const unconfirmed = await createMember(database(), { status: 'disabled' });
    const blockedByViewer = await createMember(database());
    const blocksViewer = await createMember(database());
    expect((await client.post('/api/block.php', { member: blockedByViewer })).status).toBe(204);
    expect((await (await clientFor(blocksViewer)).post('/api/block.php', { member: viewer })).status).toBe(
      204,
    );
    const unknown = 2_000_000_000;

    const answers = [];
    for (const member of [invisible, deleted, unconfirmed, blockedByViewer, blocksViewer, unknown]) {
      const res = await client.post('/api/like.php', { member });
      answers.push({ status: res.status, body: res.json });
    }
    expect(answers[0]).toEqual({
      status: 404,
      body: {
        error: expect.objectContaining({ code: 'not_found', message: 'This member is not available.' }),
      },
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect((await likesOf(client)).profiles).toEqual([]);
  });

  it('ends likes and matches both ways when one member blocks the other', async () => {
    const { a, b, clientA, clientB } = await pair();
    await like(clientA, b);
    await like(clientB, a);
    const other = await createMember(database());
    await like(clientA, other);

    expect((await clientB.post('/api/block.php', { member: a })).status).toBe(204);
    expect(await likesOf(clientA)).toEqual({
      profiles: [{ id: other, match: false }],
      liked_by: [],
      num_new_likes: 0,
    });
    expect(await likesOf(clientB)).toEqual({ profiles: [], liked_by: [], num_new_likes: 0 });
    // After the block is lifted, nothing comes back by itself.
    expect((await clientB.delete('/api/block.php', { member: a })).status).toBe(204);
    expect((await likesOf(clientB)).liked_by).toEqual([]);
  });

  it('leaves members who became invisible out of the lists, and brings them back', async () => {
    const { a, b, clientA, clientB } = await pair();
    await like(clientA, b);
    await like(clientB, a);
    // Read once before each change, so a kept answer would show.
    expect((await likesOf(clientA)).liked_by).toEqual([{ id: b, like_new: true }]);
    expect((await clientB.put('/api/profile.php', { invisible: true })).status).toBe(200);
    expect(await likesOf(clientA)).toEqual({ profiles: [], liked_by: [], num_new_likes: 0 });
    expect((await clientB.put('/api/profile.php', { invisible: false })).status).toBe(200);
    expect(await likesOf(clientA)).toEqual({
      profiles: [{ id: b, match: true }],
      liked_by: [{ id: b, like_new: true }],
      num_new_likes: 1,
    });
  });

  it('shows a like, a taken-back like and a seen like at once to a member whose likes were read', async () => {
    const { a, b, clientA, clientB } = await pair();
    expect(await likesOf(clientA)).toEqual({ profiles: [], liked_by: [], num_new_likes: 0 });
    await like(clientB, a);
    expect(await likesOf(clientA)).toEqual({
      profiles: [],
      liked_by: [{ id: b, like_new: true }],
      num_new_likes: 1,
    });
    // Opening the liker's page sees the like.
    expect((await clientA.get(`/api/member.php?id=${b}`)).status).toBe(200);
    expect(await likesOf(clientA)).toEqual({
      profiles: [],
      liked_by: [{ id: b, like_new: false }],
      num_new_likes: 0,
    });
    expect((await clientB.delete('/api/like.php', { member: a })).status).toBe(204);
    expect(await likesOf(clientA)).toEqual({ profiles: [], liked_by: [], num_new_likes: 0 });
  });

  it('stops a member who sends too many likes in an hour, with a translated message', async () => {
    process.env.RATE_LIMIT_LIKES_PER_HOUR = '3';
    resetEnv();
    try {
      const liker = await createMember(database());
      const client = await clientFor(liker, { language: 'de' });
      const statuses: number[] = [];
      let refused: unknown = null;
      for (let i = 0; i < 4; i += 1) {
        const member = await createMember(database());
        const res = await client.post('/api/like.php', { member });
        statuses.push(res.status);
        if (res.status !== 200) refused = res.json;
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(refused).toMatchObject({
        error: {
          code: 'rate_limited',
          message: expect.stringMatching(
            /^Du hast in kurzer Zeit sehr viele Likes vergeben\. Bitte versuche es in \d+ Minuten? erneut\.$/,
          ),
        },
      });
    } finally {
      delete process.env.RATE_LIMIT_LIKES_PER_HOUR;
      resetEnv();
    }
  });

  it('counts the like button and the swipe game against one hourly budget', async () => {
    process.env.RATE_LIMIT_LIKES_PER_HOUR = '3';
    resetEnv();
    try {
      const client = await clientFor(await createMember(database()), { language: 'de' });
      const send = async (path: '/api/like.php' | '/api/swipe.php') => {
        const member = await createMember(database());
        const res = await client.post(
          path,
          path === '/api/like.php' ? { member } : { member, action: 'like' },
        );
        return { status: res.status, json: res.json };
      };
      expect((await send('/api/like.php')).status).toBe(200);
      expect((await send('/api/swipe.php')).status).toBe(200);
      expect((await send('/api/like.php')).status).toBe(200);
      for (const refused of [await send('/api/swipe.php'), await send('/api/like.php')]) {
        expect(refused).toMatchObject({
          status: 429,
          json: {
            error: {
              code: 'rate_limited',
              message: expect.stringMatching(/^Du hast in kurzer Zeit sehr viele Likes vergeben/),
            },
          },
        });
      }
    } finally {
      delete process.env.RATE_LIMIT_LIKES_PER_HOUR;
      resetEnv();
    }
  });

  it('lists received likes, sent likes and matches page by page as member cards', async () => {
    const viewer = await createMember(database(), { name: 'Viewer' });
    const client = await clientFor(viewer);
    const likers: number[] = [];
    for (let i = 0; i < LIKES_PAGE_SIZE + 2; i += 1) {
      const liker = await createMember(database(), { photos: 1 });
      await like(await clientFor(liker), viewer);
      likers.push(liker);
    }
    const matched = likers[0] ?? 0;
    expect(await like(client, matched)).toEqual({ match: true });
    const sentOnly = await createMember(database(), { name: 'Sent' });
    await like(client, sentOnly);

    const list = async (type: string, page = 1) => {
      const res = await client.get(`/api/like-list.php?type=${type}&page=${page}`);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return LikeListSchema.strict().parse(res.json);
    };
    const received = await list('received');
    expect(received.hasMore).toBe(true);
    expect(received.page.results).toHaveLength(LIKES_PAGE_SIZE);
    expect(received.page.results[0]).toMatchObject({ id: likers.at(-1), like_new: true, match: false });
    expect(received.page.results[0]?.main_image).not.toBeNull();
    const rest = await list('received', 2);
    expect(rest.hasMore).toBe(false);
    expect(rest.page.results.map((r) => r.id)).toEqual([likers[1], matched]);
    expect(rest.page.results[1]).toMatchObject({ match: true });

    expect((await list('sent')).page.results.map((r) => [r.id, r.match])).toEqual([
      [sentOnly, false],
      [matched, true],
    ]);
    expect((await list('matches')).page.results.map((r) => r.id)).toEqual([matched]);

    const unknown = await client.get('/api/like-list.php?type=everyone');
    expect(unknown.status).toBe(422);
    expect((await apiClient().get('/api/like-list.php?type=sent')).status).toBe(403);
  });
});
