// Photo verification: a member asks, copies a random pose in a selfie, a moderator approves or
// rejects it from the queue; the badge in search and on member pages, the verified-only filters,
// the badge withdrawn on an unchecked main photo and brought back by a re-check; the selfie's
// privacy (moderators only), its deletion after 30 days, the data export and the purge.
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createApiApp } from '@/lib/server/api/app';
import { purgeDeletedAccounts } from '@/lib/server/auth/purge-deleted-accounts';
import { collectMemberData } from '@/lib/server/data-export/collect-member-data';
import {
  mailOutbox,
  moderationDecisions,
  moderationItems,
  photos,
  photoVerifications,
  profiles,
  users,
} from '@/lib/server/db/schema';
import { setFictionalFlag } from '@/lib/server/fictional-profiles/set-fictional-flag';
import { recurringJobs } from '@/lib/server/jobs/job-handlers';
import { uploadPhoto } from '@/lib/server/photos/upload-photo';
import { getStorage } from '@/lib/server/storage/get-storage';
import { deleteExpiredSelfies } from '@/lib/server/verification/delete-expired-selfies';
import { SELFIE_DELETION_JOB } from '@/lib/server/verification/verification-jobs';
import { MemberDetailSchema, SearchResponseSchema } from '@/lib/shared/schemas/members';
import {
  ModerationDecidedSchema,
  ModerationItemDetailSchema,
  ModerationQueueSchema,
} from '@/lib/shared/schemas/moderation';
import { DashboardSchema } from '@/lib/shared/schemas/operator-dashboard';
import { OwnPhotosSchema } from '@/lib/shared/schemas/photos';
import { SwipeStackSchema } from '@/lib/shared/schemas/swipe';
import {
  VERIFICATION_POSES,
  VerificationStateSchema,
  type VerificationStateView,
} from '@/lib/shared/schemas/verification';
import { createMember, type MemberSeed } from '../factories/create-member';
import { jpegWithGpsAndOrientation, photo } from '../fixtures/photos/make-photos';
import { clientFor, type apiClient } from '../helpers/api';
import { withDataDirectory } from '../helpers/data-directory';
import { withTestDatabase } from '../helpers/database';
import { operatorClient } from '../helpers/operators';

process.env.TRUST_PROXY = '1';
withDataDirectory('verification-test');
const db = withTestDatabase();
const database = () => db.handle().db;
const api = createApiApp();
const DAY = 86_400_000;

type Client = ReturnType<typeof apiClient>;
type Operator = Awaited<ReturnType<typeof operatorClient>>;

/** A request from the client's browser with any body (multipart), answered raw. */
function request(client: Client | null, method: string, url: string, init: RequestInit = {}) {
  const host = 'lovelane.test';
  return api.request(url, {
    ...init,
    method,
    headers: {
      host,
      origin: `http://${host}`,
      'x-forwarded-for': client?.ip ?? '203.0.113.9',
      'accept-language': 'en',
      ...(client?.cookies.size
        ? { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
        : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

async function sendSelfie(client: Client, data: Buffer) {
  const body = new FormData();
  body.append('selfie', new File([new Uint8Array(data)], 'selfie.jpg', { type: 'image/jpeg' }));
  const res = await request(client, 'POST', '/api/verification-selfie.php', { body });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const stateOf = async (client: Client): Promise<VerificationStateView> => {
  const res = await client.get('/api/verification.php');
  expect(res.status).toBe(200);
  return VerificationStateSchema.strict().parse(res.json);
};

/** A confirmed member with one real photo (their main photo), logged in. */
async function memberWithPhoto(seed: MemberSeed & { language?: string } = {}) {
  const id = await createMember(database(), seed);
  if (seed.language) await database().update(users).set({ language: seed.language }).where(eq(users.id, id));
  await uploadPhoto({ userId: id, data: await photo('jpeg') });
  return { id, client: await clientFor(id) };
}

/** Asks for a pose and sends a selfie; answers the queue item standing for the request. */
async function requestVerification(client: Client, userId: number) {
  const started = await client.post('/api/verification.php', {});
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const selfie = await sendSelfie(client, await jpegWithGpsAndOrientation());
  expect(selfie.status, JSON.stringify(selfie.json)).toBe(200);
  const [item] = await database()
    .select()
    .from(moderationItems)
    .where(and(eq(moderationItems.memberId, userId), eq(moderationItems.kind, 'verification')))
    .orderBy(desc(moderationItems.id));
  if (!item) throw new Error('the verification is not in the queue');
  return item.id;
}

async function open(moderator: Operator, itemId: number) {
  const res = await moderator.client.post('/api/operator/moderation-item.php', { id: itemId });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return ModerationItemDetailSchema.strict().parse(res.json);
}

async function decide(moderator: Operator, body: Record<string, unknown>) {
  return moderator.client.post('/api/operator/moderation-decision.php', body);
}

/** A member verified by a moderator; answers their id, client and the moderator. */
async function verifiedMember(seed: MemberSeed & { language?: string } = {}) {
  const member = await memberWithPhoto(seed);
  const itemId = await requestVerification(member.client, member.id);
  const moderator = await operatorClient('moderator');
  await open(moderator, itemId);
  const res = await decide(moderator, { item: itemId, action: 'approve_verification' });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { ...member, moderator };
}

const isVerified = async (id: number) =>
  (await database().select({ verified: profiles.verified }).from(profiles).where(eq(profiles.userId, id)))[0]
    ?.verified;

async function ownPhotos(client: Client) {
  return OwnPhotosSchema.strict().parse((await client.get('/api/photos.php')).json).photos;
}

/** A new photo uploaded and made the main one; answers its id. */
async function newMainPhoto(member: { id: number; client: Client }) {
  await uploadPhoto({ userId: member.id, data: await photo('png') });
  const added = (await ownPhotos(member.client)).at(-1);
  if (!added) throw new Error('no photo added');
  const res = await member.client.put('/api/photo.php', { id: added.id });
  expect(res.status).toBe(200);
  return added.id;
}

const recheckItems = (memberId: number) =>
  database()
    .select()
    .from(moderationItems)
    .where(and(eq(moderationItems.memberId, memberId), eq(moderationItems.kind, 'verification_recheck')))
    .orderBy(desc(moderationItems.id));

describe('asking to be verified', () => {
  it('gives a pose picked from the set, the same one when asked again, and nothing before', async () => {
    const member = await memberWithPhoto();
    expect(await stateOf(member.client)).toEqual({
      state: 'none',
      pose: null,
      reason: null,
      since: null,
      can_request: true,
      has_photo: true,
    });
    const first = VerificationStateSchema.parse((await member.client.post('/api/verification.php', {})).json);
    expect(first.state).toBe('posing');
    expect(VERIFICATION_POSES).toContain(first.pose);
    const again = VerificationStateSchema.parse((await member.client.post('/api/verification.php', {})).json);
    expect(again.pose).toBe(first.pose);
    expect((await stateOf(member.client)).pose).toBe(first.pose);
  });

  it('is refused without a photo others can see, and for fictional profiles', async () => {
    const noPhoto = await clientFor(await createMember(database()));
    const refused = await noPhoto.post('/api/verification.php', {});
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('verification_needs_photo');
    expect((await stateOf(noPhoto)).can_request).toBe(false);

    const fictional = await memberWithPhoto({ fictional: true });
    const answer = await fictional.client.post('/api/verification.php', {});
    expect(answer.status).toBe(403);
    expect(answer.json.error).toMatchObject({
      code: 'verification_unavailable',
      message: 'Photo verification is not available for this profile.',
    });
    expect(await stateOf(fictional.client)).toMatchObject({ state: 'unavailable', can_request: false });
  });

  it('takes a selfie only for a given pose, checks it by content and stores it privately without metadata', async () => {
    const member = await memberWithPhoto();
    const early = await sendSelfie(member.client, await photo('jpeg'));
    expect(early.status).toBe(409);
    expect((early.json.error as { code: string }).code).toBe('verification_not_started');

    await member.client.post('/api/verification.php', {});
    const script = await sendSelfie(member.client, Buffer.from('#!/bin/sh\necho hi\n'));
    expect(script.status).toBe(422);
    expect((script.json.error as { code: string }).code).toBe('photo_invalid');

    const sent = await sendSelfie(member.client, await jpegWithGpsAndOrientation());
    expect(sent.status).toBe(200);
    const state = VerificationStateSchema.strict().parse(sent.json);
    expect(state).toMatchObject({ state: 'waiting', can_request: false });
    expect(state.since).not.toBeNull();

    const [row] = await database()
      .select()
      .from(photoVerifications)
      .where(eq(photoVerifications.userId, member.id));
    expect(row?.selfieKey).toMatch(/^private\/verification\/[0-9a-f]{2}\/[0-9a-f]{32}\.jpg$/);
    const stored = await getStorage().get(row?.selfieKey ?? '');
    const meta = await sharp(stored?.body).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    // Turned upright: the sideways camera picture is taller than wide now.
    expect((meta.height ?? 0) > (meta.width ?? 0)).toBe(true);

    const again = await member.client.post('/api/verification.php', {});
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('verification_open');
  });
});

describe('the selfie is private', () => {
  it('is served only to moderators (and admins); members, its owner included, get no address of it', async () => {
    const member = await memberWithPhoto();
    const itemId = await requestVerification(member.client, member.id);
    const moderator = await operatorClient('moderator');
    const detail = await open(moderator, itemId);
    const url = detail.verification?.selfieUrl ?? '';
    expect(url).toMatch(/^\/api\/operator\/verification-selfie\.php\?id=\d+$/);

    const served = await request(moderator.client, 'GET', url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('private, no-store');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('jpeg');
    expect((await request((await operatorClient('admin')).client, 'GET', url)).status).toBe(200);

    const support = await request((await operatorClient('support')).client, 'GET', url);
    expect(support.status).toBe(403);
    const owner = await request(member.client, 'GET', url);
    expect(owner.status).toBe(403);
    expect((await request(null, 'GET', url)).status).toBe(403);

    // Nothing a member can read names the selfie or its file.
    const [row] = await database()
      .select()
      .from(photoVerifications)
      .where(eq(photoVerifications.userId, member.id));
    const key = row?.selfieKey ?? '';
    const readings = [
      await member.client.get('/api/verification.php'),
      await member.client.get('/api/photos.php'),
      await member.client.get('/api/profile.php'),
      await member.client.get(`/api/member.php?id=${member.id}`),
      await (await clientFor(await createMember(database()))).get(`/api/member.php?id=${member.id}`),
    ];
    for (const reading of readings) {
      const text = JSON.stringify(reading.json);
      expect(text).not.toContain(key);
      expect(text).not.toContain('verification-selfie');
    }
    // The public photo addresses never serve it.
    const cdn = await fetchCdn(key);
    expect(cdn).toBe(404);
  });
});

/** What /cdn/ answers for a stored name (the app's own photo address space). */
async function fetchCdn(key: string): Promise<number> {
  const { serveCdn } = await import('@/lib/server/storage/serve-cdn');
  const res = await serveCdn(new Request(`http://lovelane.test/cdn/${key}`));
  return res.status;
}

describe('the moderators decide', () => {
  it('lists the request beside the member’s photos and the pose; approving it verifies the member everywhere', async () => {
    const moderator = await operatorClient('moderator');
    const waiting = async () =>
      DashboardSchema.parse((await moderator.client.get('/api/operator/dashboard.php')).json).queues
        .verifications.waiting;
    const before = await waiting();
    const member = await memberWithPhoto({ language: 'de', name: 'Verena' });
    const itemId = await requestVerification(member.client, member.id);
    expect(await waiting()).toBe(before + 1);
    const queue = ModerationQueueSchema.strict().parse(
      (await moderator.client.get('/api/operator/moderation.php?kind=verification')).json,
    );
    const listed = queue.items.find((item) => item.id === itemId);
    expect(listed).toMatchObject({ kind: 'verification', member: { id: member.id }, photo: null });
    expect(queue.items.every((item) => item.kind.startsWith('verification'))).toBe(true);

    const detail = await open(moderator, itemId);
    const [request] = await database()
      .select()
      .from(photoVerifications)
      .where(eq(photoVerifications.userId, member.id));
    expect(detail.verification).toMatchObject({ id: request?.id, pose: request?.pose, status: 'waiting' });
    expect(detail.photos).toHaveLength(1);
    expect(detail.photos[0]).toMatchObject({ isMain: true, isVerified: false });
    expect(detail.profile).toMatchObject({ fictional: false, verified: false });

    const approved = await decide(moderator, { item: itemId, action: 'approve_verification' });
    expect(approved.status).toBe(200);
    expect(await waiting()).toBe(before);
    expect(ModerationDecidedSchema.strict().parse(approved.json).decision).toMatchObject({
      action: 'approve_verification',
      verificationRejection: null,
    });
    expect(await isVerified(member.id)).toBe(true);
    expect(await stateOf(member.client)).toMatchObject({ state: 'verified', can_request: false });
    expect((await ownPhotos(member.client))[0]?.verified).toBe(true);

    // Others see the badge on the card and the member page.
    const viewer = await clientFor(await createMember(database(), { gender: 'male' }));
    const page = MemberDetailSchema.parse((await viewer.get(`/api/member.php?id=${member.id}`)).json);
    expect(page.verified).toBe(true);
    const search = SearchResponseSchema.parse(
      (await viewer.get('/api/members.php?gender=female&country=NL')).json,
    );
    expect(search.page.results.find((card) => card.id === member.id)?.verified).toBe(true);

    // The member hears of it by mail, in their language.
    const [mail] = await database()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'verification_decided'))
      .orderBy(desc(mailOutbox.id));
    const [user] = await database().select().from(users).where(eq(users.id, member.id));
    expect(mail).toMatchObject({ toAddress: user?.email, locale: 'de' });
    expect(mail?.subject).toContain('fotoverifiziert');
    expect(mail?.text).toContain('/profile#verification');

    const again = await decide(moderator, { item: itemId, action: 'approve_verification' });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('moderation_decided');
  });

  it('rejects with one of the fixed reasons, told to the member in their language; they may try again with another pose', async () => {
    const member = await memberWithPhoto({ language: 'nl' });
    const itemId = await requestVerification(member.client, member.id);
    const moderator = await operatorClient('moderator');
    await open(moderator, itemId);

    const bare = await decide(moderator, { item: itemId, action: 'reject_verification' });
    expect(bare.status).toBe(422);
    expect(bare.json.error.field).toBe('rejection');
    const wrongKind = await decide(moderator, { item: itemId, action: 'approve_photo' });
    expect(wrongKind.status).toBe(422);
    const unknownReason = await decide(moderator, {
      item: itemId,
      action: 'reject_verification',
      rejection: 'ugly',
    });
    expect(unknownReason.status).toBe(422);

    const rejected = await decide(moderator, {
      item: itemId,
      action: 'reject_verification',
      rejection: 'pose_mismatch',
    });
    expect(rejected.status).toBe(200);
    const [decision] = await database()
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.itemId, itemId));
    expect(decision).toMatchObject({ action: 'reject_verification', verificationRejection: 'pose_mismatch' });
    expect(await isVerified(member.id)).toBe(false);
    const state = await stateOf(member.client);
    expect(state).toMatchObject({ state: 'rejected', reason: 'pose_mismatch', can_request: true });

    const [mail] = await database()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'verification_decided'))
      .orderBy(desc(mailOutbox.id));
    expect(mail?.locale).toBe('nl');
    expect(mail?.text).toContain('de pose op je selfie kwam niet overeen met de pose die we vroegen');

    const [first] = await database()
      .select({ pose: photoVerifications.pose })
      .from(photoVerifications)
      .where(eq(photoVerifications.userId, member.id));
    const retry = VerificationStateSchema.parse((await member.client.post('/api/verification.php', {})).json);
    expect(retry.state).toBe('posing');
    expect(retry.pose).not.toBe(first?.pose);
  });

  it('never verifies a fictional profile: approving is refused, and flagging a verified member fictional ends the badge', async () => {
    const member = await memberWithPhoto();
    const itemId = await requestVerification(member.client, member.id);
    await database().update(profiles).set({ fictional: true }).where(eq(profiles.userId, member.id));
    const moderator = await operatorClient('moderator');
    expect((await open(moderator, itemId)).profile?.fictional).toBe(true);
    const refused = await decide(moderator, { item: itemId, action: 'approve_verification' });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toEqual({
      code: 'verification_unavailable',
      message: 'Fictional profiles are never verified.',
    });
    expect(await isVerified(member.id)).toBe(false);
    // Rejecting it is possible, and closes the item.
    const rejected = await decide(moderator, {
      item: itemId,
      action: 'reject_verification',
      rejection: 'not_same_person',
    });
    expect(rejected.status).toBe(200);

    const verified = await verifiedMember();
    expect(await isVerified(verified.id)).toBe(true);
    await setFictionalFlag({ id: verified.id, fictional: true });
    expect(await isVerified(verified.id)).toBe(false);
    // The database holds the rule too.
    await expect(
      database().update(profiles).set({ verified: true }).where(eq(profiles.userId, verified.id)),
    ).rejects.toThrow();
  });
});

describe('verified members only', () => {
  it('filters the search and the swipe game; a wrong value is refused', async () => {
    const verified = await verifiedMember({ country: 'BE', gender: 'female' });
    const plain = await memberWithPhoto({ country: 'BE', gender: 'female' });
    const viewer = await clientFor(await createMember(database(), { gender: 'male', country: 'BE' }));

    const all = SearchResponseSchema.parse((await viewer.get('/api/members.php?country=BE')).json);
    const allIds = all.page.results.map((card) => card.id);
    expect(allIds).toEqual(expect.arrayContaining([verified.id, plain.id]));
    for (const flag of ['1', 'true']) {
      const only = SearchResponseSchema.parse(
        (await viewer.get(`/api/members.php?country=BE&verified=${flag}`)).json,
      );
      expect(only.page.results.map((card) => card.id)).toContain(verified.id);
      expect(only.page.results.every((card) => card.verified)).toBe(true);
      expect(only.numResults).toBeLessThan(all.numResults);
    }
    const off = SearchResponseSchema.parse((await viewer.get('/api/members.php?country=BE&verified=0')).json);
    expect(off.numResults).toBe(all.numResults);
    const wrong = await viewer.get('/api/members.php?verified=maybe');
    expect(wrong.status).toBe(422);

    const stack = SwipeStackSchema.parse((await viewer.get('/api/swipe.php?verified=1')).json);
    expect(stack.profiles.map((card) => card.id)).toContain(verified.id);
    expect(stack.profiles.every((card) => card.verified)).toBe(true);
    const fullStack = SwipeStackSchema.parse((await viewer.get('/api/swipe.php')).json);
    expect(fullStack.profiles.map((card) => card.id)).toContain(plain.id);
  });
});

describe('keeping and losing the badge', () => {
  it('pauses the badge when an unchecked photo becomes main; the re-check beside the selfie brings it back', async () => {
    const member = await verifiedMember();
    const [checked] = await ownPhotos(member.client);
    const newId = await newMainPhoto(member);
    expect(await isVerified(member.id)).toBe(false);
    expect(await stateOf(member.client)).toMatchObject({ state: 'rechecking', can_request: false });

    const [recheck] = await recheckItems(member.id);
    expect(recheck).toMatchObject({ photoId: newId, state: 'waiting' });
    const detail = await open(member.moderator, recheck?.id ?? 0);
    expect(detail.kind).toBe('verification_recheck');
    expect(detail.photo?.id).toBe(newId);
    expect(detail.verification?.selfieUrl).toMatch(/verification-selfie\.php\?id=\d+$/);
    expect(detail.photos.find((p) => p.id === checked?.id)?.isVerified).toBe(true);

    // Back to the checked photo: the badge shows at once.
    await member.client.put('/api/photo.php', { id: checked?.id });
    expect(await isVerified(member.id)).toBe(true);
    await member.client.put('/api/photo.php', { id: newId });
    expect(await isVerified(member.id)).toBe(false);
    // One re-check per photo, however often it becomes main.
    expect(await recheckItems(member.id)).toHaveLength(1);

    const approved = await decide(member.moderator, { item: recheck?.id, action: 'approve_verification' });
    expect(approved.status).toBe(200);
    expect(await isVerified(member.id)).toBe(true);
    expect(await stateOf(member.client)).toMatchObject({ state: 'verified' });
    const [mail] = await database()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'verification_decided'))
      .orderBy(desc(mailOutbox.id));
    expect(mail?.text).toContain('Your verified check mark is back.');

    // Putting the photos in another order keeps the badge while a checked photo leads.
    const order = (await ownPhotos(member.client)).map((p) => p.id).reverse();
    expect((await member.client.put('/api/photos.php', { order })).status).toBe(200);
    expect(await isVerified(member.id)).toBe(true);
  });

  it('keeps the badge off with the reason when the re-check fails, and when no selfie is left to compare', async () => {
    const member = await verifiedMember();
    const newId = await newMainPhoto(member);
    const [recheck] = await recheckItems(member.id);
    await open(member.moderator, recheck?.id ?? 0);
    const rejected = await decide(member.moderator, {
      item: recheck?.id,
      action: 'reject_verification',
      rejection: 'not_same_person',
    });
    expect(rejected.status).toBe(200);
    expect(await isVerified(member.id)).toBe(false);
    expect(await stateOf(member.client)).toMatchObject({
      state: 'withdrawn',
      reason: 'not_same_person',
      can_request: true,
    });

    // 31 days on the selfie is gone: a new main photo cannot be re-checked, only verified anew.
    const [request] = await database()
      .select()
      .from(photoVerifications)
      .where(eq(photoVerifications.userId, member.id));
    await deleteExpiredSelfies({ now: new Date((request?.decidedAt?.getTime() ?? 0) + 31 * DAY) });
    await member.client.delete('/api/photo.php', { id: newId });
    expect(await isVerified(member.id)).toBe(true);
    const thirdId = await newMainPhoto(member);
    expect(await isVerified(member.id)).toBe(false);
    expect((await recheckItems(member.id)).some((item) => item.photoId === thirdId)).toBe(false);
    expect(await stateOf(member.client)).toMatchObject({
      state: 'withdrawn',
      reason: null,
      can_request: true,
    });
    expect(
      VerificationStateSchema.parse((await member.client.post('/api/verification.php', {})).json).state,
    ).toBe('posing');
  });

  it('ends the badge when the main photo is deleted and no checked photo is left', async () => {
    const member = await verifiedMember();
    const [only] = await ownPhotos(member.client);
    expect((await member.client.delete('/api/photo.php', { id: only?.id })).status).toBe(200);
    expect(await isVerified(member.id)).toBe(false);
    expect((await stateOf(member.client)).has_photo).toBe(false);
  });
});

describe('what is kept, and for how long', () => {
  it('deletes the selfie 30 days after the decision, by a scheduled job', async () => {
    expect(recurringJobs().map((job) => job.kind)).toContain(SELFIE_DELETION_JOB);
    const member = await verifiedMember();
    const [request] = await database()
      .select()
      .from(photoVerifications)
      .where(eq(photoVerifications.userId, member.id));
    const key = request?.selfieKey ?? '';
    const decidedAt = request?.decidedAt?.getTime() ?? 0;
    await deleteExpiredSelfies({ now: new Date(decidedAt + 29 * DAY) });
    expect(await getStorage().get(key)).not.toBeNull();

    await deleteExpiredSelfies({ now: new Date(decidedAt + 30 * DAY + 60_000) });
    expect(await getStorage().get(key)).toBeNull();
    const [after] = await database()
      .select()
      .from(photoVerifications)
      .where(eq(photoVerifications.id, request?.id ?? 0));
    expect(after).toMatchObject({ selfieKey: null, status: 'approved' });
    expect(after?.selfieDeletedAt).not.toBeNull();
    // The badge stays; the moderators' address of the selfie answers 404.
    expect(await isVerified(member.id)).toBe(true);
    const gone = await request_(member.moderator, `/api/operator/verification-selfie.php?id=${request?.id}`);
    expect(gone).toBe(404);
  });

  it('lists the verification and the selfie (while kept) in the member’s copy of their data', async () => {
    const member = await verifiedMember();
    const data = await collectMemberData({ userId: member.id });
    const verification = data.json['verification.json'] as {
      verified: boolean;
      requests: { id: number; status: string; pose: string; selfie: string | null }[];
    };
    expect(verification.verified).toBe(true);
    expect(verification.requests).toHaveLength(1);
    const [entry] = verification.requests;
    expect(entry).toMatchObject({ status: 'approved', selfie: `verification/selfie-${entry?.id}.jpg` });
    expect(data.files[`verification/selfie-${entry?.id}.jpg`]).toMatch(/^private\/verification\//);
    expect(
      (data.json['photos.json'] as { verification_checked_at: string | null }[])[0]?.verification_checked_at,
    ).not.toBeNull();

    await deleteExpiredSelfies({ now: new Date(Date.now() + 31 * DAY) });
    const later = await collectMemberData({ userId: member.id });
    expect(Object.keys(later.files).some((name) => name.startsWith('verification/'))).toBe(false);
    const [kept] = (later.json['verification.json'] as { requests: { selfie_deleted_at: string | null }[] })
      .requests;
    expect(kept?.selfie_deleted_at).not.toBeNull();
  });

  it('removes the requests and the selfie when a deleted account is purged', async () => {
    const member = await memberWithPhoto();
    await requestVerification(member.client, member.id);
    const [request] = await database()
      .select()
      .from(photoVerifications)
      .where(eq(photoVerifications.userId, member.id));
    const key = request?.selfieKey ?? '';
    expect(await getStorage().get(key)).not.toBeNull();
    await database()
      .update(users)
      .set({ deletedAt: new Date(Date.now() - 15 * DAY) })
      .where(eq(users.id, member.id));
    await database().update(profiles).set({ status: 'deleted' }).where(eq(profiles.userId, member.id));
    expect(await purgeDeletedAccounts()).toBeGreaterThanOrEqual(1);
    expect(await getStorage().get(key)).toBeNull();
    expect(
      await database().select().from(photoVerifications).where(eq(photoVerifications.userId, member.id)),
    ).toEqual([]);
    expect(
      await database().select().from(moderationItems).where(eq(moderationItems.memberId, member.id)),
    ).toEqual(expect.not.arrayContaining([expect.objectContaining({ kind: 'verification' })]));
    expect(await database().select().from(photos).where(eq(photos.userId, member.id))).toEqual([]);
  });
});

/** The status of a GET as the operator's browser makes it. */
async function request_(operator: Operator, url: string): Promise<number> {
  return (await request(operator.client, 'GET', url)).status;
}

describe('the API document', () => {
  it('lists the verification routes with who may call them', async () => {
    const doc = (await (await request(null, 'GET', '/api/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<string, { security?: unknown; 'x-access'?: string; 'x-roles'?: string[] }>
      >;
    };
    expect(doc.paths['/api/verification.php']?.get?.['x-access']).toBe('member');
    expect(doc.paths['/api/verification.php']?.post?.['x-access']).toBe('confirmed-member');
    expect(doc.paths['/api/verification-selfie.php']?.post?.['x-access']).toBe('confirmed-member');
    expect(doc.paths['/api/verification.php']?.get?.security).toEqual([{ session: [] }]);
    const selfie = doc.paths['/api/operator/verification-selfie.php']?.get;
    expect(selfie?.['x-access']).toBe('operator');
    expect(selfie?.['x-roles']).toEqual(['moderator']);
    expect(selfie?.security).toEqual([{ operatorSession: [] }]);
  });
});
