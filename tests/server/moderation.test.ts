// The moderation queue: complaints and new photos arrive oldest first; a moderator opens an item
// (the reporter reads "in review") and decides; the decisions' effects on the member (mail, photos,
// suspension, ban) and what the reporter reads afterwards.
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '@/lib/server/auth/passwords';
import {
  chatMessages,
  complaints,
  conversations,
  mailOutbox,
  moderationDecisions,
  moderationItems,
  operatorAuditLog,
  photos,
  profiles,
  sessions,
  sites,
  users,
} from '@/lib/server/db/schema';
import { liftSuspension } from '@/lib/server/moderation/lift-suspension';
import { moderationJobHandlers, LIFT_SUSPENSION_JOB } from '@/lib/server/moderation/moderation-jobs';
import { invalidateSiteCache } from '@/lib/server/settings/site-cache';
import { uploadPhoto } from '@/lib/server/photos/upload-photo';
import {
  ModerationDecidedSchema,
  ModerationItemDetailSchema,
  ModerationQueueSchema,
  OwnComplaintsSchema,
} from '@/lib/shared/schemas/moderation';
import { DashboardSchema } from '@/lib/shared/schemas/operator-dashboard';
import { PASSWORD } from '../factories/build-signup';
import { createMember, type MemberSeed } from '../factories/create-member';
import { photo } from '../fixtures/photos/make-photos';
import { apiClient, clientFor } from '../helpers/api';
import { withDataDirectory } from '../helpers/data-directory';
import { withTestDatabase } from '../helpers/database';
import { operatorClient } from '../helpers/operators';

process.env.TRUST_PROXY = '1';
withDataDirectory('moderation-test');
const db = withTestDatabase();

const TEXT = 'This member keeps sending me threatening messages.';
const database = () => db.handle().db;

/** A member who can log in with PASSWORD; returns their id and e-mail address. */
async function memberWithPassword(seed: MemberSeed & { language?: string } = {}) {
  const id = await createMember(database(), seed);
  await database()
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD), language: seed.language ?? 'en' })
    .where(eq(users.id, id));
  const [user] = await database().select({ email: users.email }).from(users).where(eq(users.id, id));
  if (!user) throw new Error('member missing');
  return { id, email: user.email };
}

/** Logs a member in through the API, as the login form does. */
const logIn = (email: string, language = 'en') =>
  apiClient({ language }).post('/api/user.php', { email, password: PASSWORD });

/** A reporter's complaint about a member; answers the queue item standing for it. */
async function report(reporterId: number, memberId: number, extra: Record<string, unknown> = {}) {
  const reporter = await clientFor(reporterId);
  const res = await reporter.post('/api/complaint.php', {
    reason: 'harassment',
    text: TEXT,
    member: memberId,
    ...extra,
  });
  expect(res.status).toBe(201);
  const [item] = await database()
    .select()
    .from(moderationItems)
    .where(eq(moderationItems.complaintId, res.json.id as number));
  if (!item) throw new Error('the complaint is not in the queue');
  return { reporter, complaintId: res.json.id as number, itemId: item.id };
}

async function ownReports(client: Awaited<ReturnType<typeof clientFor>>) {
  const res = await client.get('/api/complaints.php');
  expect(res.status).toBe(200);
  return OwnComplaintsSchema.strict().parse(res.json).complaints;
}

async function setPremoderation(isOn: boolean) {
  await database().update(sites).set({ photoPremoderation: isOn }).where(eq(sites.domain, 'default'));
  await invalidateSiteCache();
}

describe('the moderation queue', () => {
  it('takes complaints and new photos, oldest first, and only moderators (and admins) may read it', async () => {
    const reporterId = await createMember(database());
    const reported = await createMember(database());
    const first = await report(reporterId, reported);
    await uploadPhoto({ userId: reported, data: await photo('jpeg') });
    const moderator = await operatorClient('moderator');
    const res = await moderator.client.get('/api/operator/moderation.php');
    expect(res.status).toBe(200);
    const queue = ModerationQueueSchema.strict().parse(res.json);
    const mine = queue.items.filter((item) => item.member?.id === reported);
    expect(mine.map((item) => item.kind)).toEqual(['complaint', 'photo']);
    expect(mine[0]).toMatchObject({
      id: first.itemId,
      state: 'waiting',
      complaint: { reason: 'harassment', excerpt: TEXT },
      claimedBy: null,
    });
    const created = queue.items.map((item) => item.createdAt);
    expect(created).toEqual([...created].sort());

    const photosOnly = ModerationQueueSchema.parse(
      (await moderator.client.get('/api/operator/moderation.php?kind=photo')).json,
    );
    expect(photosOnly.items.every((item) => item.kind === 'photo')).toBe(true);

    const support = await operatorClient('support');
    expect((await support.client.get('/api/operator/moderation.php')).status).toBe(403);
    const admin = await operatorClient('admin');
    expect((await admin.client.get('/api/operator/moderation.php')).status).toBe(200);
  });

  it('shows the reporter received, then in review once a moderator opens it, then action taken; the member is warned in their language', async () => {
    const reporterId = await createMember(database());
    const reported = await memberWithPassword({ name: 'Rude_Ralph', language: 'nl' });
    const { reporter, complaintId, itemId } = await report(reporterId, reported.id);
    const [received] = await ownReports(reporter);
    expect(received).toMatchObject({
      id: complaintId,
      reason: 'harassment',
      member: { id: reported.id, name: 'Rude_Ralph' },
      status: 'received',
    });

    const moderator = await operatorClient('moderator', { name: 'Mona' });
    const opened = await moderator.client.post('/api/operator/moderation-item.php', { id: itemId });
    expect(opened.status).toBe(200);
    const detail = ModerationItemDetailSchema.strict().parse(opened.json);
    expect(detail).toMatchObject({
      state: 'in_review',
      claimedBy: { id: moderator.operatorId, name: 'Mona' },
      member: { id: reported.id, name: 'Rude_Ralph', status: 'active' },
      complaintDetail: { id: complaintId, text: TEXT, reporter: { id: reporterId } },
      profile: { email: reported.email },
    });
    expect((await ownReports(reporter))[0]?.status).toBe('in_review');

    const noReason = await moderator.client.post('/api/operator/moderation-decision.php', {
      item: itemId,
      action: 'warn',
      violation: 'harassment',
    });
    expect(noReason.status).toBe(422);
    expect(noReason.json.error).toMatchObject({ code: 'field_invalid', field: 'reason' });

    const warned = await moderator.client.post('/api/operator/moderation-decision.php', {
      item: itemId,
      action: 'warn',
      violation: 'harassment',
      reason: 'Threatening messages to another member.',
    });
    expect(warned.status).toBe(200);
    expect(ModerationDecidedSchema.strict().parse(warned.json).decision).toMatchObject({
      action: 'warn',
      violation: 'harassment',
      reason: 'Threatening messages to another member.',
      operator: { id: moderator.operatorId, name: 'Mona' },
    });
    expect((await ownReports(reporter))[0]?.status).toBe('action_taken');

    const [mail] = await database()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, reported.email), eq(mailOutbox.kind, 'moderation_warning')));
    expect(mail?.locale).toBe('nl');
    expect(mail?.subject).toMatch(/waarschuwing/i);
    expect(mail?.text).toContain('intimidatie of bedreiging van andere leden');
    expect(mail?.text).toContain('Threatening messages to another member.');

    const [stored] = await database()
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.itemId, itemId));
    expect(stored).toMatchObject({ operatorId: moderator.operatorId, memberId: reported.id, action: 'warn' });
    const audit = await database()
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.action, 'moderation.warn'))
      .orderBy(desc(operatorAuditLog.id));
    expect(audit[0]).toMatchObject({
      operatorId: moderator.operatorId,
      subjectType: 'member',
      subjectId: String(reported.id),
    });

    const again = await moderator.client.post('/api/operator/moderation-decision.php', {
      item: itemId,
      action: 'dismiss',
    });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('moderation_decided');
    // The member was warned, nothing more: they still log in and show.
    expect((await logIn(reported.email)).status).toBe(200);
  });

  it('dismisses without a reason: the reporter reads "no action" and nothing happens to the member', async () => {
    const reporterId = await createMember(database());
    const reported = await createMember(database());
    const { reporter, itemId } = await report(reporterId, reported);
    const moderator = await operatorClient('moderator');
    const res = await moderator.client.post('/api/operator/moderation-decision.php', {
      item: itemId,
      action: 'dismiss',
    });
    expect(res.status).toBe(200);
    expect((await ownReports(reporter))[0]?.status).toBe('no_action');
    const [profile] = await database().select().from(profiles).where(eq(profiles.userId, reported));
    expect(profile?.status).toBe('active');
    // A photo item is approved or hidden, never dismissed.
    await uploadPhoto({ userId: reported, data: await photo('jpeg') });
    const [photoItem] = await database()
      .select()
      .from(moderationItems)
      .where(and(eq(moderationItems.memberId, reported), eq(moderationItems.kind, 'photo')));
    const wrong = await moderator.client.post('/api/operator/moderation-decision.php', {
      item: photoItem?.id,
      action: 'dismiss',
    });
    expect(wrong.status).toBe(422);
  });

  it('suspends for some days: sessions end, login says until when, the member shows nowhere; the job brings them back', async () => {
    const reporterId = await createMember(database());
    const reported = await memberWithPassword({ name: 'Sam_Suspended' });
    const memberSession = await clientFor(reported.id);
    const viewer = await clientFor(reporterId);
    expect((await viewer.get(`/api/member.php?id=${reported.id}`)).status).toBe(200);
    const searchFor = async () => JSON.stringify((await viewer.get('/api/members.php')).json);
    expect(await searchFor()).toContain('Sam_Suspended');
    const { reporter, itemId } = await report(reporterId, reported.id);

    const moderator = await operatorClient('moderator');
    const res = await moderator.client.post('/api/operator/moderation-decision.php', {
      item: itemId,
      action: 'suspend',
      violation: 'harassment',
      reason: 'Repeated insults.',
      days: 3,
    });
    expect(res.status).toBe(200);
    const until = new Date(ModerationDecidedSchema.parse(res.json).decision.suspendedUntil ?? '');
    expect(until.getTime() - Date.now()).toBeGreaterThan(2.9 * 86_400_000);

    expect((await ownReports(reporter))[0]?.status).toBe('action_taken');
    expect(await database().select().from(sessions).where(eq(sessions.userId, reported.id))).toEqual([]);
    expect((await memberSession.get('/api/user.php')).json.user).toBeFalsy();
    const login = await logIn(reported.email, 'de');
    expect(login.status).toBe(403);
    expect(login.json.error.code).toBe('account_suspended');
    expect(login.json.error.message).toContain('gesperrt');
    expect(login.json.error.message).toContain(String(until.getUTCFullYear()));
    // Wrong password: the ordinary failure, nothing about the suspension.
    const wrong = await apiClient().post('/api/user.php', {
      email: reported.email,
      password: 'not the password',
    });
    expect(wrong.json.error.code).toBe('login_failed');

    expect((await viewer.get(`/api/member.php?id=${reported.id}`)).status).toBe(404);
    expect(await searchFor()).not.toContain('Sam_Suspended');

    // Before its time the job leaves the suspension; after it the member is back.
    expect(await liftSuspension({ userId: reported.id })).toBe(false);
    expect(await liftSuspension({ userId: reported.id, now: new Date(until.getTime() + 1_000) })).toBe(true);
    expect((await viewer.get(`/api/member.php?id=${reported.id}`)).status).toBe(200);
    expect((await logIn(reported.email)).status).toBe(200);
    expect(typeof moderationJobHandlers()[LIFT_SUSPENSION_JOB]).toBe('function');
  });

  it('ends a suspension at login once its time is up, before its job has run', async () => {
    const reported = await memberWithPassword();
    await database()
      .update(profiles)
      .set({ status: 'suspended', suspendedUntil: new Date(Date.now() - 60_000) })
      .where(eq(profiles.userId, reported.id));
    expect((await logIn(reported.email)).status).toBe(200);
    const [profile] = await database().select().from(profiles).where(eq(profiles.userId, reported.id));
    expect(profile).toMatchObject({ status: 'active', suspendedUntil: null });
  });

  it('bans for good: login is refused for the ban page, the member page is gone, a second ban is refused', async () => {
    const reporterId = await createMember(database());
    const reported = await memberWithPassword();
    const viewer = await clientFor(reporterId);
    const { itemId } = await report(reporterId, reported.id);
    const second = await report(reporterId, reported.id, { text: 'Another message with threats today.' });
    const moderator = await operatorClient('moderator');
    const opened = ModerationItemDetailSchema.parse(
      (await moderator.client.post('/api/operator/moderation-item.php', { id: second.itemId })).json,
    );
    expect(opened.recentComplaints.map((c) => c.id)).toContain(
      (await database().select().from(moderationItems).where(eq(moderationItems.id, itemId)))[0]?.complaintId,
    );
    const res = await moderator.client.post('/api/operator/moderation-decision.php', {
      item: itemId,
      action: 'ban',
      violation: 'scam_or_spam',
      reason: 'Asked several members for money.',
    });
    expect(res.status).toBe(200);
    const login = await logIn(reported.email);
    expect(login.status).toBe(403);
    expect(login.json.error).toMatchObject({ code: 'account_banned' });
    expect((await viewer.get(`/api/member.php?id=${reported.id}`)).status).toBe(404);
    const again = await moderator.client.post('/api/operator/moderation-decision.php', {
      item: second.itemId,
      action: 'suspend',
      violation: 'harassment',
      reason: 'More threats.',
      days: 2,
    });
    expect(again.status).toBe(422);
    // The ban outlives a job that would end an earlier suspension.
    expect(await liftSuspension({ userId: reported.id, now: new Date(Date.now() + 400 * 86_400_000) })).toBe(
      false,
    );
    expect((await logIn(reported.email)).status).toBe(403);
  });

  it('opens a complaint with the conversation it names, only when it is between the reporter and the member', async () => {
    const reporterId = await createMember(database());
    const reported = await createMember(database());
    const stranger = await createMember(database());
    const [low, high] = reporterId < reported ? [reporterId, reported] : [reported, reporterId];
    const [conversation] = await database()
      .insert(conversations)
      .values({ memberLow: low, memberHigh: high, startedBy: reported })
      .returning();
    const [other] = await database()
      .insert(conversations)
      .values({
        memberLow: Math.min(reported, stranger),
        memberHigh: Math.max(reported, stranger),
        startedBy: reported,
      })
      .returning();
    if (!conversation || !other) throw new Error('no conversation');
    for (const [i, text] of ['Hi there', 'You will regret this'].entries()) {
      await database()
        .insert(chatMessages)
        .values({
          conversationId: conversation.id,
          senderId: reported,
          recipientId: reporterId,
          kind: 'text',
          text,
          clientKey: `k-${conversation.id}-${i}`,
        });
    }
    const moderator = await operatorClient('moderator');
    const named = await report(reporterId, reported, { conversation_ref: String(conversation.id) });
    const detail = ModerationItemDetailSchema.parse(
      (await moderator.client.post('/api/operator/moderation-item.php', { id: named.itemId })).json,
    );
    expect(detail.conversation?.map((line) => line.text)).toEqual(['Hi there', 'You will regret this']);
    const someoneElses = await report(reporterId, reported, { conversation_ref: String(other.id) });
    const refused = ModerationItemDetailSchema.parse(
      (await moderator.client.post('/api/operator/moderation-item.php', { id: someoneElses.itemId })).json,
    );
    expect(refused.conversation).toBeNull();
  });
});

describe('photos', () => {
  it('under pre-moderation, waits hidden ("pending") until a moderator approves it', async () => {
    await setPremoderation(true);
    try {
      const member = await createMember(database());
      const viewer = await clientFor(await createMember(database()));
      const own = await uploadPhoto({ userId: member, data: await photo('jpeg') });
      expect(own.photos.map((p) => p.image.status)).toEqual(['pending']);
      const before = await viewer.get(`/api/member.php?id=${member}`);
      expect(before.json.photos ?? []).toEqual([]);

      const [item] = await database()
        .select()
        .from(moderationItems)
        .where(and(eq(moderationItems.memberId, member), eq(moderationItems.kind, 'photo')));
      const moderator = await operatorClient('moderator');
      const approved = await moderator.client.post('/api/operator/moderation-decision.php', {
        item: item?.id,
        action: 'approve_photo',
      });
      expect(approved.status).toBe(200);
      const after = await viewer.get(`/api/member.php?id=${member}`);
      expect(after.json.photos).toHaveLength(1);
    } finally {
      await setPremoderation(false);
    }
  });

  it('a waiting photo cannot be the main one; the first approved photo becomes main when the main one still waits', async () => {
    await setPremoderation(true);
    try {
      const memberId = await createMember(database());
      const member = await clientFor(memberId);
      const viewer = await clientFor(await createMember(database()));
      await uploadPhoto({ userId: memberId, data: await photo('jpeg') });
      const own = await uploadPhoto({ userId: memberId, data: await photo('jpeg') });
      const [first, second] = own.photos;
      expect(own.photos.map((p) => [p.image.status, p.is_main])).toEqual([
        ['pending', true],
        ['pending', false],
      ]);
      const refused = await member.put('/api/photo.php', { id: second?.id });
      expect(refused.status).toBe(409);
      expect(refused.json.error.code).toBe('photo_not_approved');

      const [item] = await database()
        .select()
        .from(moderationItems)
        .where(eq(moderationItems.photoId, second?.id ?? 0));
      const moderator = await operatorClient('moderator');
      await moderator.client.post('/api/operator/moderation-decision.php', {
        item: item?.id,
        action: 'approve_photo',
      });
      const rows = await database()
        .select()
        .from(photos)
        .where(eq(photos.userId, memberId))
        .orderBy(photos.id);
      expect(rows.map((p) => [p.id, p.status, p.isMain])).toEqual([
        [first?.id, 'pending', false],
        [second?.id, 'active', true],
      ]);
      const page = await viewer.get(`/api/member.php?id=${memberId}`);
      expect((page.json.photos as { id: number }[]).map((p) => p.id)).toEqual([second?.id]);

      // Put first, the waiting photo does not take the main place from the shown one (listed first).
      const arranged = await member.put('/api/photos.php', { order: [first?.id, second?.id] });
      expect(arranged.status, JSON.stringify(arranged.json)).toBe(200);
      expect(
        (arranged.json.photos as { id: number; is_main: boolean }[]).map((p) => [p.id, p.is_main]),
      ).toEqual([
        [second?.id, true],
        [first?.id, false],
      ]);
    } finally {
      await setPremoderation(false);
    }
  });

  it('deleting the shown main photo passes the place to a shown photo, not to one that waits', async () => {
    const memberId = await createMember(database());
    const member = await clientFor(memberId);
    const shownFirst = await uploadPhoto({ userId: memberId, data: await photo('jpeg') });
    await uploadPhoto({ userId: memberId, data: await photo('jpeg') });
    await setPremoderation(true);
    try {
      const own = await uploadPhoto({ userId: memberId, data: await photo('jpeg') });
      const waiting = own.photos.find((p) => p.image.status === 'pending');
      const main = shownFirst.photos[0];
      const second = own.photos.find((p) => p.id !== main?.id && p.image.status === 'active');
      // The waiting photo is put before the second shown one; then the main photo is deleted.
      await member.put('/api/photos.php', { order: [main?.id, waiting?.id, second?.id] });
      const deleted = await member.delete('/api/photo.php', { id: main?.id });
      expect(deleted.status, JSON.stringify(deleted.json)).toBe(200);
      const rows = await database()
        .select()
        .from(photos)
        .where(eq(photos.userId, memberId))
        .orderBy(photos.id);
      expect(rows.map((p) => [p.id, p.status, p.isMain])).toEqual([
        [second?.id, 'active', true],
        [waiting?.id, 'pending', false],
      ]);
    } finally {
      await setPremoderation(false);
    }
  });

  it('without pre-moderation, shows at once and is still looked at: hiding it takes it from view and passes on the main photo', async () => {
    const member = await createMember(database());
    const viewer = await clientFor(await createMember(database()));
    await uploadPhoto({ userId: member, data: await photo('jpeg') });
    const own = await uploadPhoto({ userId: member, data: await photo('jpeg') });
    expect(own.photos.map((p) => [p.image.status, p.is_main])).toEqual([
      ['active', true],
      ['active', false],
    ]);
    const [first, second] = own.photos;
    const [item] = await database()
      .select()
      .from(moderationItems)
      .where(eq(moderationItems.photoId, first?.id ?? 0));
    const moderator = await operatorClient('moderator');
    const hidden = await moderator.client.post('/api/operator/moderation-decision.php', {
      item: item?.id,
      action: 'hide_photo',
      violation: 'inappropriate_photos',
      reason: 'Nudity in the main photo.',
    });
    expect(hidden.status).toBe(200);
    const rows = await database().select().from(photos).where(eq(photos.userId, member)).orderBy(photos.id);
    expect(rows.map((p) => [p.id, p.status, p.isMain])).toEqual([
      [first?.id, 'rejected', false],
      [second?.id, 'active', true],
    ]);
    const page = await viewer.get(`/api/member.php?id=${member}`);
    expect((page.json.photos as { id: number }[]).map((p) => p.id)).toEqual([second?.id]);
  });

  it('counts complaints received and in review as waiting on the dashboard', async () => {
    const moderator = await operatorClient('moderator');
    const read = async () =>
      DashboardSchema.parse((await moderator.client.get('/api/operator/dashboard.php')).json).queues
        .complaints.waiting;
    const before = await read();
    const { itemId } = await report(await createMember(database()), await createMember(database()));
    expect(await read()).toBe(before + 1);
    await moderator.client.post('/api/operator/moderation-item.php', { id: itemId });
    expect(await read()).toBe(before + 1);
    await moderator.client.post('/api/operator/moderation-decision.php', { item: itemId, action: 'dismiss' });
    expect(await read()).toBe(before);
    const [complaint] = await database()
      .select()
      .from(complaints)
      .where(
        eq(
          complaints.id,
          (await database().select().from(moderationItems).where(eq(moderationItems.id, itemId)))[0]
            ?.complaintId ?? 0,
        ),
      );
    expect(complaint?.status).toBe('no_action');
  });
});
