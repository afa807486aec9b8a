import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '@/lib/server/api/app';
import {
  conversationMembers,
  conversations,
  operatorAuditLog,
  photos,
  profiles,
  users,
} from '@/lib/server/db/schema';
import { FictionalProfileSchema, FictionalListSchema } from '@/lib/shared/schemas/fictional-profiles';
import { MemberDetailSchema } from '@/lib/shared/schemas/members';
import { OwnPhotosSchema } from '@/lib/shared/schemas/photos';
import { createMember } from '../factories/create-member';
import { apiClient, clientFor } from '../helpers/api';
import { withDataDirectory } from '../helpers/data-directory';
import { withTestDatabase } from '../helpers/database';
import { operatorClient } from '../helpers/operators';
import { photo } from '../fixtures/photos/make-photos';

process.env.TRUST_PROXY = '1';
withDataDirectory('fictional-profiles-test');
const db = withTestDatabase();

type Operator = Awaited<ReturnType<typeof operatorClient>>;
const api = createApiApp();

/** A multipart upload of a photo to a profile, from the operator's browser. */
async function upload(operator: Operator, profileId: number, data: Buffer) {
  const body = new FormData();
  body.append('photo', new File([new Uint8Array(data)], 'photo.jpg', { type: 'image/jpeg' }));
  const host = 'lovelane.test';
  const res = await api.request(`/api/operator/profile-photo.php?profile=${profileId}`, {
    method: 'POST',
    body,
    headers: {
      host,
      origin: `http://${host}`,
      'x-forwarded-for': operator.client.ip,
      cookie: [...operator.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
}

const fields = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sanne',
  gender: 'female',
  date_of_birth: '1994-03-12',
  country: 'NL',
  city: 'Utrecht',
  about: 'Loves long walks along the canals and a good book.',
  sexuality: 'hetero',
  hair_color: 'blonde',
  eye_color: 'blue',
  body_type: 'slim',
  relationship_status: 'single',
  tattoos: 'none',
  ...overrides,
});

async function auditRows(action: string, subjectId: number) {
  return db
    .handle()
    .db.select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.action, action), eq(operatorAuditLog.subjectId, String(subjectId))))
    .orderBy(desc(operatorAuditLog.id));
}

let chatOperator: Operator;
let admin: Operator;
beforeAll(async () => {
  chatOperator = await operatorClient('chat_operator', { name: 'Chat Operator' });
  admin = await operatorClient('admin', { name: 'Admin' });
});

async function createProfile(overrides: Record<string, unknown> = {}) {
  const res = await chatOperator.client.post('/api/operator/profiles.php', fields(overrides));
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return FictionalProfileSchema.strict().parse(res.json);
}

describe('creating a fictional profile', () => {
  it('makes a confirmed, active, fictional member nobody can log in as, placed in its town', async () => {
    const created = await createProfile();
    expect(created).toMatchObject({
      name: 'Sanne',
      gender: 'female',
      country: 'NL',
      city: 'Utrecht',
      about: 'Loves long walks along the canals and a good book.',
      hair_color: 'blonde',
      status: 'active',
      fictional: true,
      photos: [],
      conversations: 0,
    });
    expect(created.region).toEqual(expect.any(String));
    expect(created.age).toBeGreaterThanOrEqual(18);

    const [account] = await db.handle().db.select().from(users).where(eq(users.id, created.id));
    expect(account?.status).toBe('confirmed');
    expect(account?.email).toMatch(/@fictional\.lovelane\.invalid$/);
    const [row] = await db.handle().db.select().from(profiles).where(eq(profiles.userId, created.id));
    expect(row?.lat).not.toBeNull();
    expect(row?.regionId).not.toBeNull();

    // Nobody logs in as the profile, whatever password they try.
    const login = await apiClient().post('/api/user.php', {
      email: account?.email,
      password: 'anything-at-all',
    });
    expect(login.status).toBe(401);

    const [audit] = await auditRows('fictional_profile.create', created.id);
    expect(audit?.operatorId).toBe(chatOperator.operatorId);
    expect(audit?.after).toMatchObject({ name: 'Sanne', fictional: true });
  });

  it('shows the new profile to members as fictional, with the site’s fictional wording', async () => {
    const created = await createProfile({ name: 'Lotte' });
    const member = await clientFor(await createMember(db.handle().db));
    const page = await member.get(`/api/member.php?id=${created.id}`);
    expect(page.status).toBe(200);
    const detail = MemberDetailSchema.parse(page.json);
    expect(detail).toMatchObject({ name: 'Lotte', fictional: true, city: 'Utrecht' });
    const settings = await member.get('/api/settings.php');
    expect(settings.json.fictional_warning).toMatch(/fictional/i);
    expect(settings.json.fictional_singular).toMatch(/fictional/i);
  });

  it('refuses a minor, a name members could not use and a town it does not know, naming the field', async () => {
    const year = new Date().getUTCFullYear() - 17;
    const minor = await chatOperator.client.post(
      '/api/operator/profiles.php',
      fields({ date_of_birth: `${year}-01-01` }),
    );
    expect(minor.status).toBe(422);
    expect(minor.json.error).toMatchObject({ code: 'field_invalid', field: 'date_of_birth' });
    expect(minor.json.error.message).toContain('18+');

    const name = await chatOperator.client.post('/api/operator/profiles.php', fields({ name: '@x' }));
    expect(name.json.error).toMatchObject({ code: 'field_invalid', field: 'name' });

    const town = await chatOperator.client.post(
      '/api/operator/profiles.php',
      fields({ city: 'Atlantisdorp' }),
    );
    expect(town.status).toBe(422);
    expect(town.json.error).toMatchObject({ code: 'field_invalid', field: 'city' });
    expect(town.json.error.message).toBe(
      'We do not know the town “Atlantisdorp” in the chosen country. Check the spelling or pick a larger town nearby.',
    );

    const shape = await chatOperator.client.post('/api/operator/profiles.php', fields({ gender: 'robot' }));
    expect(shape.status).toBe(422);
    expect(shape.json.error.fields).toHaveProperty('gender');
  });

  it('is refused to moderators and support operators', async () => {
    for (const role of ['moderator', 'support'] as const) {
      const { client } = await operatorClient(role);
      const create = await client.post('/api/operator/profiles.php', fields());
      expect(create.status, role).toBe(403);
      expect(create.json.error.code, role).toBe('forbidden');
      expect((await client.get('/api/operator/profiles.php')).status, role).toBe(403);
    }
  });
});

describe('editing a fictional profile', () => {
  it('saves the changed fields, moves it with its town and logs only what changed', async () => {
    const created = await createProfile({ name: 'Fenna' });
    const res = await chatOperator.client.put('/api/operator/profile.php', {
      id: created.id,
      name: 'Femke',
      city: 'Groningen',
      hair_color: null,
      about: 'Nieuw in de stad.',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const edited = FictionalProfileSchema.parse(res.json);
    expect(edited).toMatchObject({
      name: 'Femke',
      city: 'Groningen',
      hair_color: null,
      about: 'Nieuw in de stad.',
    });
    expect(edited.region).not.toBe(created.region);

    const [audit] = await auditRows('fictional_profile.edit', created.id);
    expect(audit?.before).toMatchObject({ name: 'Fenna', city: 'Utrecht', hair_color: 'blonde' });
    expect(audit?.after).toMatchObject({ name: 'Femke', city: 'Groningen', hair_color: null });
    expect(audit?.after).not.toHaveProperty('gender');

    const member = await clientFor(await createMember(db.handle().db));
    const page = await member.get(`/api/member.php?id=${created.id}`);
    expect(page.json).toMatchObject({ name: 'Femke', city: 'Groningen' });
  });

  it('does not reach members who are not fictional', async () => {
    const real = await createMember(db.handle().db, { name: 'RealPerson' });
    const edit = await chatOperator.client.put('/api/operator/profile.php', { id: real, name: 'Hacked' });
    expect(edit.status).toBe(404);
    expect((await chatOperator.client.get(`/api/operator/profile.php?id=${real}`)).status).toBe(404);
    const [row] = await db.handle().db.select().from(profiles).where(eq(profiles.userId, real));
    expect(row?.name).toBe('RealPerson');
  });

  it('hides the profile from members and shows it again', async () => {
    const created = await createProfile({ name: 'Hidde', gender: 'male' });
    const member = await clientFor(await createMember(db.handle().db));
    const hide = await chatOperator.client.put('/api/operator/profile-status.php', {
      id: created.id,
      status: 'disabled',
    });
    expect(hide.json).toMatchObject({ status: 'disabled' });
    expect((await member.get(`/api/member.php?id=${created.id}`)).status).toBe(404);
    await chatOperator.client.put('/api/operator/profile-status.php', { id: created.id, status: 'active' });
    expect((await member.get(`/api/member.php?id=${created.id}`)).status).toBe(200);
    const [audit] = await auditRows('fictional_profile.status', created.id);
    expect(audit).toMatchObject({ before: { status: 'disabled' }, after: { status: 'active' } });
  });
});

describe('the photos of a fictional profile', () => {
  it('go through the members’ photo pipeline and are ordered, made main and deleted', async () => {
    const created = await createProfile({ name: 'Pien' });
    const first = await upload(chatOperator, created.id, await photo('jpeg'));
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    const second = await upload(chatOperator, created.id, await photo('png', { width: 500, height: 700 }));
    expect(second.status).toBe(201);
    const third = await upload(chatOperator, created.id, await photo('webp'));
    // A fictional profile holds more photos than a free member's three.
    const fourth = await upload(chatOperator, created.id, await photo('jpeg', { width: 900 }));
    expect([third.status, fourth.status]).toEqual([201, 201]);
    const uploaded = OwnPhotosSchema.parse(fourth.json);
    expect(uploaded.photos).toHaveLength(4);
    expect(uploaded.photos[0]?.is_main).toBe(true);
    const ids = uploaded.photos.map((p) => p.id);

    const notAPhoto = await upload(chatOperator, created.id, Buffer.from('#!/bin/sh\necho hi\n'));
    expect(notAPhoto.status).toBe(422);
    expect((notAPhoto.json as { error: { code: string } }).error.code).toBe('photo_invalid');

    const reversed = [...ids].reverse();
    const ordered = await chatOperator.client.put('/api/operator/profile-photos.php', {
      profile: created.id,
      order: reversed,
    });
    expect(ordered.status).toBe(200);
    expect(OwnPhotosSchema.parse(ordered.json).photos.map((p) => p.id)).toEqual(reversed);

    const main = await chatOperator.client.put('/api/operator/profile-photo.php', {
      profile: created.id,
      id: ids[1],
    });
    expect(OwnPhotosSchema.parse(main.json).photos[0]?.id).toBe(ids[1]);

    const removed = await chatOperator.client.delete('/api/operator/profile-photo.php', {
      profile: created.id,
      id: ids[1],
    });
    const left = OwnPhotosSchema.parse(removed.json).photos;
    expect(left.map((p) => p.id)).not.toContain(ids[1]);
    expect(left.filter((p) => p.is_main)).toHaveLength(1);

    // Members see the main photo on the profile.
    const member = await clientFor(await createMember(db.handle().db));
    const page = MemberDetailSchema.parse((await member.get(`/api/member.php?id=${created.id}`)).json);
    expect(page.main_image?.filename).toBe(left[0]?.image.filename);

    expect(await auditRows('fictional_profile.photo_add', created.id)).toHaveLength(4);
    const [deleted] = await auditRows('fictional_profile.photo_delete', created.id);
    expect(deleted?.after).toMatchObject({ deleted: ids[1] });
  });

  it('cannot touch another profile’s photos or a real member’s', async () => {
    const owner = await createProfile({ name: 'Owner' });
    const other = await createProfile({ name: 'Other' });
    const added = OwnPhotosSchema.parse((await upload(chatOperator, owner.id, await photo('jpeg'))).json);
    const photoId = added.photos[0]?.id;
    const res = await chatOperator.client.delete('/api/operator/profile-photo.php', {
      profile: other.id,
      id: photoId,
    });
    expect(res.status).toBe(404);
    const [still] = await db
      .handle()
      .db.select()
      .from(photos)
      .where(eq(photos.id, photoId ?? 0));
    expect(still?.userId).toBe(owner.id);

    const real = await createMember(db.handle().db);
    expect((await upload(chatOperator, real, await photo('jpeg'))).status).toBe(404);
  });
});

describe('the fictional flag', () => {
  it('is switched by admins only, with a reason that the audit log keeps', async () => {
    const created = await createProfile({ name: 'Flag' });
    const body = { id: created.id, fictional: false, reason: 'Created by mistake as fictional.' };
    const refused = await chatOperator.client.put('/api/operator/profile-fictional.php', body);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('forbidden');

    const noReason = await admin.client.put('/api/operator/profile-fictional.php', { ...body, reason: '' });
    expect(noReason.status).toBe(422);
    expect(noReason.json.error.fields).toHaveProperty('reason');

    const switched = await admin.client.put('/api/operator/profile-fictional.php', body);
    expect(switched.status).toBe(200);
    expect(switched.json).toMatchObject({ fictional: false });
    const [audit] = await auditRows('fictional_profile.flag', created.id);
    expect(audit).toMatchObject({
      operatorId: admin.operatorId,
      before: { fictional: true },
      after: { fictional: false, reason: 'Created by mistake as fictional.' },
    });

    // No longer fictional: members see no fictional mark, and it leaves the chat operators' reach.
    const member = await clientFor(await createMember(db.handle().db));
    expect((await member.get(`/api/member.php?id=${created.id}`)).json).toMatchObject({ fictional: false });
    expect((await chatOperator.client.get(`/api/operator/profile.php?id=${created.id}`)).status).toBe(404);
    expect((await admin.client.get(`/api/operator/profile.php?id=${created.id}`)).json).toMatchObject({
      fictional: false,
    });

    await admin.client.put('/api/operator/profile-fictional.php', {
      ...body,
      fictional: true,
      reason: 'Back in the chat operators’ care.',
    });
    expect((await chatOperator.client.get(`/api/operator/profile.php?id=${created.id}`)).status).toBe(200);
  });
});

describe('the list of fictional profiles', () => {
  it('finds profiles by name or id, with photo, place, status and conversations', async () => {
    const tag = `Zq${Date.now().toString(36).slice(-5)}`;
    const one = await createProfile({ name: `${tag}a` });
    const two = await createProfile({ name: `${tag}b`, city: 'Amsterdam' });
    await upload(chatOperator, two.id, await photo('jpeg'));
    const database = db.handle().db;
    const talker = await createMember(database);
    const [conversation] = await database
      .insert(conversations)
      .values({
        memberLow: Math.min(talker, two.id),
        memberHigh: Math.max(talker, two.id),
        startedBy: talker,
      })
      .returning({ id: conversations.id });
    await database.insert(conversationMembers).values([
      { conversationId: conversation?.id ?? 0, memberId: two.id, otherId: talker, unreadCount: 2 },
      { conversationId: conversation?.id ?? 0, memberId: talker, otherId: two.id },
    ]);
    // A real member with the same name is not listed.
    await createMember(database, { name: `${tag}c` });

    const found = FictionalListSchema.parse(
      (await chatOperator.client.get(`/api/operator/profiles.php?q=${tag}`)).json,
    );
    expect(found.total).toBe(2);
    expect(found.profiles.map((p) => p.id)).toEqual([two.id, one.id]);
    expect(found.profiles[0]).toMatchObject({
      city: 'Amsterdam',
      status: 'active',
      photos: 1,
      conversations: 1,
      waiting: 1,
    });
    expect(found.profiles[0]?.main_image).not.toBeNull();
    expect(found.profiles[1]).toMatchObject({ photos: 0, conversations: 0, main_image: null });

    const byId = FictionalListSchema.parse(
      (await chatOperator.client.get(`/api/operator/profiles.php?q=${one.id}`)).json,
    );
    expect(byId.profiles.map((p) => p.id)).toContain(one.id);

    const all = FictionalListSchema.parse((await chatOperator.client.get('/api/operator/profiles.php')).json);
    expect(all.profiles.every((p) => p.fictional)).toBe(true);
    expect(all.profiles.length).toBeLessThanOrEqual(all.pageSize);
  });
});
