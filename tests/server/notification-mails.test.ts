// E-mail notifications: batching while the member is away, preferences per kind, at most once, languages.
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markChatRead } from '@/lib/server/chat/chat-state';
import {
  conversationMembers,
  jobs,
  notificationDeliveries,
  photos,
  profiles,
  users,
} from '@/lib/server/db/schema';
import { jobHandlers, recurringJobs } from '@/lib/server/jobs/job-handlers';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import { runDueJobs } from '@/lib/server/jobs/run-jobs';
import { NewsSchema } from '@/lib/server/notifications/news';
import { EMAIL_SWEEP_JOBS } from '@/lib/server/notifications/notification-jobs';
import { queueNews } from '@/lib/server/notifications/send-news';
import { sweepConversationMails } from '@/lib/server/notifications/sweep-conversation-mails';
import { sweepLikeMails } from '@/lib/server/notifications/sweep-like-mails';
import { sweepPromotions } from '@/lib/server/notifications/sweep-promotions';
import { sweepReminders } from '@/lib/server/notifications/sweep-reminders';
import { sweepUnreadReminders } from '@/lib/server/notifications/sweep-unread-reminders';
import { sweepWeeklyUpdates, weekOf } from '@/lib/server/notifications/sweep-weekly-updates';
import { withTestDatabase } from '../helpers/database';
import { stubEnv, unstubEnv } from '../helpers/env';
import {
  DAY,
  HOUR,
  MINUTE,
  at,
  lastSeen,
  like,
  mailsOf,
  member,
  nameOf,
  write,
} from './notification-helpers';

const db = withTestDatabase();
const database = () => db.handle().db;

beforeEach(() => {
  // Every kept mail is logged; the tests read the outbox instead.
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  stubEnv('SMTP_URL', '');
  stubEnv('MAIL_FROM', '');
});

afterEach(() => {
  unstubEnv();
  vi.restoreAllMocks();
});

/** A reader who left an hour before `t0`, and someone who writes to them. */
async function readerAndWriter(t0: Date, reader: Parameters<typeof member>[1] = {}) {
  const readerId = await member(database(), { lastActiveAt: at(t0, -HOUR), ...reader });
  const writerId = await member(database(), { gender: 'male' });
  return { readerId, writerId, writer: await nameOf(database(), writerId) };
}

async function sideOf(memberId: number) {
  const [side] = await database()
    .select()
    .from(conversationMembers)
    .where(eq(conversationMembers.memberId, memberId));
  if (!side) throw new Error('no conversation');
  return side;
}

describe('mails about messages while the member is away', () => {
  it('makes one mail of ten messages, with the sender, a link to the chat and one-click unsubscribe', async () => {
    const t0 = new Date();
    const { readerId, writerId, writer } = await readerAndWriter(t0);
    for (let i = 0; i < 10; i += 1)
      await write(writerId, readerId, `Message number ${i + 1}`, at(t0, i * 1000));

    expect((await sweepConversationMails({ now: at(t0, 2 * MINUTE) })).failed).toBe(0);
    const mails = await mailsOf(database(), readerId);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.kind).toBe('notify_new_conversation');
    expect(mail?.subject).toBe(`${writer} wrote to you on Lovelane`);
    expect(mail?.text).toContain(`${writer} has started a conversation with you on Lovelane.`);
    expect(mail?.text).toContain('“Message number 10”');
    expect(mail?.text).toContain('10 messages are waiting for you.');
    const side = await sideOf(readerId);
    expect(mail?.links).toContain(`http://lovelane.test/chats/${side.conversationId}`);
    expect(mail?.links).toContain('http://lovelane.test/notifications');
    expect(mail?.text).toContain(
      'You get this e-mail because e-mails about new conversations are switched on in your Lovelane notification settings.',
    );
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        /^<http:\/\/lovelane\.test\/api\/webhooks\/unsubscribe\.php\?token=u1\.\d+\.new_conversations\.[\w-]{43}>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // The HTML part: the sender's card with a described photo-less initial, the button, the footer links.
    expect(mail?.html).toContain(`href="http://lovelane.test/members/${writerId}"`);
    expect(mail?.html).toContain('href="http://lovelane.test/notifications"');
    expect(mail?.html).toContain('Unsubscribe from these e-mails');

    // Five more while the reader stays away: no second mail, however often the sweep runs.
    for (let i = 0; i < 5; i += 1)
      await write(writerId, readerId, `More ${i}`, at(t0, 3 * MINUTE + i * 1000));
    await sweepConversationMails({ now: at(t0, 10 * MINUTE) });
    await sweepConversationMails({ now: at(t0, 40 * MINUTE) });
    expect(await mailsOf(database(), readerId)).toHaveLength(1);
  });

  it('writes again only after the member came back and left again with something new unread', async () => {
    const t0 = new Date();
    const { readerId, writerId, writer } = await readerAndWriter(t0);
    await write(writerId, readerId, 'Hi!', t0);
    await sweepConversationMails({ now: at(t0, MINUTE) });
    expect(await mailsOf(database(), readerId)).toHaveLength(1);

    // Back for a moment without reading; nothing new arrives: no mail when they leave.
    await lastSeen(database(), readerId, at(t0, 5 * MINUTE));
    await sweepConversationMails({ now: at(t0, 30 * MINUTE) });
    expect(await mailsOf(database(), readerId)).toHaveLength(1);

    // Back again; a message arrives while they are online: nothing while they are here…
    await lastSeen(database(), readerId, at(t0, 40 * MINUTE));
    await write(writerId, readerId, 'Are you there?', at(t0, 42 * MINUTE));
    await sweepConversationMails({ now: at(t0, 44 * MINUTE) });
    expect(await mailsOf(database(), readerId)).toHaveLength(1);
    // …and one mail once they have gone.
    await sweepConversationMails({ now: at(t0, 60 * MINUTE) });
    const mails = await mailsOf(database(), readerId);
    expect(mails.map((m) => m.kind)).toEqual(['notify_new_conversation', 'notify_new_message']);
    expect(mails[1]?.subject).toBe(`2 new messages from ${writer} on Lovelane`);
    expect(mails[1]?.text).toContain('“Are you there?”');
  });

  it('sends nothing about a conversation the member read before leaving', async () => {
    const t0 = new Date();
    const { readerId, writerId } = await readerAndWriter(t0);
    await write(writerId, readerId, 'Hello', t0);
    const side = await sideOf(readerId);
    await markChatRead({
      viewerId: readerId,
      conversationId: side.conversationId,
      messageId: Number.MAX_SAFE_INTEGER,
    });
    await sweepConversationMails({ now: at(t0, 30 * MINUTE) });
    expect(await mailsOf(database(), readerId)).toEqual([]);
  });

  it('sends nothing while the member is online', async () => {
    const t0 = new Date();
    const { readerId, writerId } = await readerAndWriter(t0, { lastActiveAt: at(t0, -2 * MINUTE) });
    await write(writerId, readerId, 'Quick question', t0);
    await sweepConversationMails({ now: at(t0, MINUTE) });
    expect(await mailsOf(database(), readerId)).toEqual([]);
  });

  it('calls it a new message when the member has written in the conversation before', async () => {
    const t0 = new Date();
    const { readerId, writerId, writer } = await readerAndWriter(t0);
    await write(readerId, writerId, 'Hi, nice profile', at(t0, -2 * HOUR));
    await write(writerId, readerId, 'Thanks! You too', t0);
    await sweepConversationMails({ now: at(t0, MINUTE) });
    const [mail] = await mailsOf(database(), readerId);
    expect(mail?.kind).toBe('notify_new_message');
    expect(mail?.subject).toBe(`New message from ${writer} on Lovelane`);
  });

  it('does not mention a sender who blocked the member since', async () => {
    const t0 = new Date();
    const { readerId, writerId } = await readerAndWriter(t0);
    await write(writerId, readerId, 'Hi', t0);
    await database().update(profiles).set({ invisible: true }).where(eq(profiles.userId, writerId));
    await sweepConversationMails({ now: at(t0, MINUTE) });
    expect(await mailsOf(database(), readerId)).toEqual([]);
  });
});

describe('preferences', () => {
  it('honours each kind separately', async () => {
    const t0 = new Date();
    // New conversations off, new messages on.
    const { readerId, writerId } = await readerAndWriter(t0, { disabled: ['email:new_conversations'] });
    await write(writerId, readerId, 'First contact', t0);
    await sweepConversationMails({ now: at(t0, MINUTE) });
    expect(await mailsOf(database(), readerId)).toEqual([]);

    const other = await member(database(), { gender: 'male' });
    await write(readerId, other, 'Hello you', at(t0, -3 * HOUR));
    await write(other, readerId, 'Hello back', t0);
    await sweepConversationMails({ now: at(t0, MINUTE) });
    expect((await mailsOf(database(), readerId)).map((m) => m.kind)).toEqual(['notify_new_message']);

    // Push switched off does not switch off e-mail, and e-mail off for likes stops like mails.
    const liked = await member(database(), {
      lastActiveAt: at(t0, -HOUR),
      disabled: ['push:like', 'email:like'],
    });
    await like(database(), other, liked, t0);
    await sweepLikeMails({ now: at(t0, MINUTE) });
    expect(await mailsOf(database(), liked)).toEqual([]);
  });

  it('sends no notification at all after a bounce or a spam complaint', async () => {
    const t0 = new Date();
    for (const reason of ['bounce', 'spam_complaint']) {
      const { readerId, writerId } = await readerAndWriter(t0);
      await database()
        .update(users)
        .set({ emailStoppedReason: reason, emailStoppedAt: t0 })
        .where(eq(users.id, readerId));
      await write(writerId, readerId, 'Hi', t0);
      await like(database(), writerId, readerId, t0);
      await sweepConversationMails({ now: at(t0, MINUTE) });
      await sweepLikeMails({ now: at(t0, MINUTE) });
      await sweepUnreadReminders({ now: at(t0, 2 * DAY) });
      expect(await mailsOf(database(), readerId), reason).toEqual([]);
    }
  });

  it('keeps the other kinds after an unsubscribe from one', async () => {
    const t0 = new Date();
    const { readerId, writerId } = await readerAndWriter(t0, { disabled: ['email:like'] });
    await database()
      .update(users)
      .set({ emailStoppedReason: 'unsubscribe', emailStoppedAt: t0 })
      .where(eq(users.id, readerId));
    await write(writerId, readerId, 'Hi', t0);
    await like(database(), writerId, readerId, t0);
    await sweepConversationMails({ now: at(t0, MINUTE) });
    await sweepLikeMails({ now: at(t0, MINUTE) });
    expect((await mailsOf(database(), readerId)).map((m) => m.kind)).toEqual(['notify_new_conversation']);
  });

  it('writes only to members who confirmed their address', async () => {
    const t0 = new Date();
    const { readerId, writerId } = await readerAndWriter(t0);
    await database().update(users).set({ status: 'not_confirmed' }).where(eq(users.id, readerId));
    await write(writerId, readerId, 'Hi', t0);
    await sweepConversationMails({ now: at(t0, MINUTE) });
    expect(await mailsOf(database(), readerId)).toEqual([]);
  });
});

describe('likes and matches', () => {
  it('makes one mail of a burst of likes while the member is away', async () => {
    const t0 = new Date();
    const likedId = await member(database(), { lastActiveAt: at(t0, -HOUR) });
    const likers: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const id = await member(database(), { gender: 'male', photos: 1 });
      likers.push(id);
      await like(database(), id, likedId, at(t0, i * 1000));
    }
    await sweepLikeMails({ now: at(t0, MINUTE) });
    const newest = await nameOf(database(), likers[3] ?? 0);
    let mails = await mailsOf(database(), likedId);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.kind).toBe('notify_like');
    expect(mails[0]?.subject).toBe(`${newest} and 3 other members like you on Lovelane`);
    expect(mails[0]?.text).toContain('4 members like your profile.');
    expect(mails[0]?.links).toContain('http://lovelane.test/likes/received');
    // The newest likers shown with their main photo, described and sized for mail clients.
    expect(mails[0]?.html).toMatch(
      new RegExp(
        `<img src="http://lovelane\\.test/cdn/p/test/${likers[3]}-0_t\\.jpg" alt="Photo of ${newest}" width="64" height="64"`,
      ),
    );

    // More likes while still away: nothing more. Back and gone again with a new like: one more.
    const late = await member(database(), { gender: 'male' });
    await like(database(), late, likedId, at(t0, 2 * MINUTE));
    await sweepLikeMails({ now: at(t0, 20 * MINUTE) });
    expect(await mailsOf(database(), likedId)).toHaveLength(1);
    await lastSeen(database(), likedId, at(t0, 25 * MINUTE));
    const later = await member(database(), { gender: 'male' });
    await like(database(), later, likedId, at(t0, 26 * MINUTE));
    await sweepLikeMails({ now: at(t0, 28 * MINUTE) });
    expect(await mailsOf(database(), likedId)).toHaveLength(1);
    await sweepLikeMails({ now: at(t0, 50 * MINUTE) });
    mails = await mailsOf(database(), likedId);
    expect(mails).toHaveLength(2);
    // The mail covers every like since the last one: the one that came while they were away too.
    expect(mails[1]?.subject).toBe(
      `${await nameOf(database(), later)} and 1 other member like you on Lovelane`,
    );
  });

  it('words a like that makes a match as the match, with a link to write', async () => {
    const t0 = new Date();
    const readerId = await member(database(), { lastActiveAt: at(t0, -HOUR) });
    const other = await member(database(), { gender: 'male' });
    await like(database(), readerId, other, at(t0, -2 * HOUR));
    await like(database(), other, readerId, t0);
    await sweepLikeMails({ now: at(t0, MINUTE) });
    const [mail] = await mailsOf(database(), readerId);
    const name = await nameOf(database(), other);
    expect(mail?.kind).toBe('notify_match');
    expect(mail?.subject).toBe(`It’s a match on Lovelane! You and ${name} like each other`);
    expect(mail?.links).toContain(`http://lovelane.test/members/${other}/chat`);
    expect(mail?.headers['List-Unsubscribe']).toMatch(/token=u1\.\d+\.like\./);
  });
});

describe('each mail at most once', () => {
  it('sends one mail when two sweeps run at the same time', async () => {
    const t0 = new Date();
    const { readerId, writerId } = await readerAndWriter(t0);
    await write(writerId, readerId, 'Hi', t0);
    const liker = await member(database(), { gender: 'male' });
    await like(database(), liker, readerId, t0);
    const now = at(t0, MINUTE);
    await Promise.all([
      sweepConversationMails({ now }),
      sweepConversationMails({ now }),
      sweepLikeMails({ now }),
      sweepLikeMails({ now }),
    ]);
    expect((await mailsOf(database(), readerId)).map((m) => m.kind).sort()).toEqual([
      'notify_like',
      'notify_new_conversation',
    ]);
  });

  it('sends nothing twice when a job runs again after a crash before it was marked done', async () => {
    const t0 = new Date();
    const { readerId, writerId } = await readerAndWriter(t0);
    await write(writerId, readerId, 'Hi', at(t0, -30 * MINUTE));
    const real = jobHandlers()[EMAIL_SWEEP_JOBS.activity];
    if (!real) throw new Error('no activity handler');
    let runs = 0;
    const handlers = {
      [EMAIL_SWEEP_JOBS.activity]: async (
        payload: Record<string, unknown>,
        job: Parameters<typeof real>[1],
      ) => {
        runs += 1;
        await real(payload, job);
        // The process dies after the mail went out, before the job is marked done.
        if (runs === 1) throw new Error('process killed');
      },
    };
    const id = await enqueueJob(database(), EMAIL_SWEEP_JOBS.activity, { dueAt: t0.toISOString() });
    await runDueJobs({ handlers, retryBaseMs: 1 });
    await runDueJobs({ handlers, now: () => at(new Date(), 60_000) });
    expect(runs).toBe(2);
    const [job] = await database().select().from(jobs).where(eq(jobs.id, id));
    expect(job?.doneAt).toBeInstanceOf(Date);
    expect(await mailsOf(database(), readerId)).toHaveLength(1);
  });

  it('sends nothing when a run died between recording the delivery and sending', async () => {
    const t0 = new Date();
    const { readerId, writerId } = await readerAndWriter(t0);
    await write(writerId, readerId, 'Hi', t0);
    const side = await sideOf(readerId);
    const [reader] = await database().select().from(profiles).where(eq(profiles.userId, readerId));
    // What a run leaves behind when it dies right after its claim committed.
    await database().transaction(async (tx) => {
      await tx.insert(notificationDeliveries).values({
        userId: readerId,
        channel: 'email',
        kind: 'new_conversations',
        ref: `conversation:${side.conversationId}:away:${reader?.lastActiveAt.getTime()}`,
      });
      await tx
        .update(conversationMembers)
        .set({ emailNotifiedAt: at(t0, 30_000) })
        .where(
          and(
            eq(conversationMembers.memberId, readerId),
            eq(conversationMembers.conversationId, side.conversationId),
          ),
        );
    });
    await sweepConversationMails({ now: at(t0, MINUTE) });
    expect(await mailsOf(database(), readerId)).toEqual([]);
  });

  it('tries again later when the mail server could not be reached', async () => {
    const t0 = new Date();
    const { readerId, writerId } = await readerAndWriter(t0);
    await write(writerId, readerId, 'Hi', t0);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubEnv('SMTP_URL', 'smtp://127.0.0.1:1');
    await expect(sweepConversationMails({ now: at(t0, MINUTE) })).rejects.toThrow(/mails failed/);
    stubEnv('SMTP_URL', '');
    await sweepConversationMails({ now: at(t0, 2 * MINUTE) });
    const mails = await mailsOf(database(), readerId);
    expect(mails.map((m) => m.error === null)).toEqual([false, true]);
  });
});

describe('language', () => {
  it('writes in the member’s language', async () => {
    const t0 = new Date();
    const { readerId, writerId, writer } = await readerAndWriter(t0, { language: 'de' });
    await write(writerId, readerId, 'Hallo!', t0);
    await sweepConversationMails({ now: at(t0, MINUTE) });
    const [mail] = await mailsOf(database(), readerId);
    expect(mail?.locale).toBe('de');
    expect(mail?.subject).toBe(`${writer} hat dir auf Lovelane geschrieben`);
    expect(mail?.text).toContain('„Hallo!“');
    expect(mail?.text).toContain('Benachrichtigungseinstellungen: http://lovelane.test/notifications');
    expect(mail?.html).toContain('<html lang="de">');
    expect(mail?.html).toContain('Diese E-Mails abbestellen');
  });
});

describe('reminders, weekly update, promotions and news', () => {
  it('reminds of unread messages once a day', async () => {
    const t0 = new Date();
    const { readerId, writerId, writer } = await readerAndWriter(t0, { lastActiveAt: at(t0, -2 * DAY) });
    await write(writerId, readerId, 'Hi', at(t0, -DAY));
    await write(writerId, readerId, 'Hello?', at(t0, -DAY + MINUTE));
    await sweepUnreadReminders({ now: t0 });
    await sweepUnreadReminders({ now: at(t0, HOUR) });
    expect(await mailsOf(database(), readerId)).toHaveLength(1);
    const [mail] = await mailsOf(database(), readerId);
    expect(mail?.kind).toBe('notify_unread_reminder');
    expect(mail?.subject).toBe('You have 2 unread messages on Lovelane');
    expect(mail?.text).toContain('Someone is waiting for your reply.');
    expect(mail?.text).toContain(writer);
    // The next day, with the messages still unread, once more.
    await sweepUnreadReminders({ now: at(t0, DAY) });
    expect(await mailsOf(database(), readerId)).toHaveLength(2);
  });

  it('tells of new members nearby once a week, only those every member may see', async () => {
    const t0 = new Date();
    const country = 'BE';
    const readerId = await member(database(), {
      country,
      createdAt: at(t0, -30 * DAY),
      lastActiveAt: at(t0, -DAY),
    });
    const shown = [
      await member(database(), { country, gender: 'male', photos: 1 }),
      await member(database(), { country, gender: 'male', photos: 2 }),
    ];
    const hidden = [
      await member(database(), { country, gender: 'male', photos: 1, invisible: true }),
      await member(database(), { country, gender: 'male' }),
      await member(database(), { country: 'NL', gender: 'male', photos: 1 }),
      await member(database(), { country, gender: 'female', photos: 1 }),
    ];
    const rejected = await member(database(), { country, gender: 'male', photos: 1 });
    await database().update(photos).set({ status: 'rejected' }).where(eq(photos.userId, rejected));
    hidden.push(rejected);

    await sweepWeeklyUpdates({ now: t0 });
    const mails = await mailsOf(database(), readerId);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.kind).toBe('notify_weekly_update');
    expect(mail?.subject).toBe('2 new members near you this week on Lovelane');
    expect(mail?.text).toContain('This week, 2 members near you (Belgium) joined Lovelane:');
    for (const id of shown) expect(mail?.links).toContain(`http://lovelane.test/members/${id}`);
    for (const id of hidden) expect(mail?.links).not.toContain(`http://lovelane.test/members/${id}`);
    expect(mail?.html).toContain(`/cdn/p/test/${shown[0]}-0_t.jpg`);

    await sweepWeeklyUpdates({ now: at(t0, HOUR) });
    expect(await mailsOf(database(), readerId)).toHaveLength(1);
    expect(weekOf(new Date('2026-11-26T10:00:00Z'))).toBe('2026-11-23');
  });

  it('announces the welcome discount and the time bonus before they end, once, to members who have not paid', async () => {
    const t0 = new Date();
    const welcome = await member(database(), { createdAt: at(t0, -60 * HOUR), lastActiveAt: at(t0, -HOUR) });
    const paid = await member(database(), {
      createdAt: at(t0, -60 * HOUR),
      lastActiveAt: at(t0, -HOUR),
      paidUser: true,
    });
    const bonus = await member(database(), { createdAt: at(t0, -150 * MINUTE), lastActiveAt: at(t0, -HOUR) });
    // Still browsing at the second run: the banner shows the offer, no mail.
    const online = await member(database(), {
      createdAt: at(t0, -150 * MINUTE),
      lastActiveAt: at(t0, 20 * MINUTE),
    });
    await database().update(users).set({ paidUser: true }).where(eq(users.id, paid));

    await sweepPromotions({ now: t0 });
    await sweepPromotions({ now: at(t0, 20 * MINUTE) });
    const [welcomeMail, ...moreWelcome] = await mailsOf(database(), welcome);
    expect(moreWelcome).toEqual([]);
    expect(welcomeMail?.kind).toBe('notify_promotion');
    expect(welcomeMail?.subject).toBe('Only 12 hours left: 25% off your credits on Lovelane');
    expect(welcomeMail?.text).toContain('with the code WELCOME25');
    expect(welcomeMail?.links).toContain('http://lovelane.test/credits');
    const [bonusMail, ...moreBonus] = await mailsOf(database(), bonus);
    expect(moreBonus).toEqual([]);
    expect(bonusMail?.subject).toBe('Only 1 hour left: 25% off your credits on Lovelane');
    expect(bonusMail?.text).toContain('TIMEBONUS25');
    expect(await mailsOf(database(), paid)).toEqual([]);
    expect(await mailsOf(database(), online)).toEqual([]);
  });

  it('reminds a member away for a week that someone wrote or liked them, once per absence', async () => {
    const t0 = new Date();
    const away = await member(database(), { lastActiveAt: at(t0, -8 * DAY) });
    const writerId = await member(database(), { gender: 'male' });
    await write(writerId, away, 'Hi', at(t0, -6 * DAY));
    await like(database(), writerId, away, at(t0, -6 * DAY));
    const quiet = await member(database(), { lastActiveAt: at(t0, -8 * DAY) });

    await sweepReminders({ now: t0 });
    await sweepReminders({ now: at(t0, DAY) });
    const mails = await mailsOf(database(), away);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('You have been missed on Lovelane');
    expect(mails[0]?.text).toContain('While you were away, you received 1 message and 1 like.');
    expect(await mailsOf(database(), quiet)).toEqual([]);
  });

  it('sends news in batches through the job queue, in each member’s language, once', async () => {
    const reader = await member(database(), { language: 'nl' });
    const english = await member(database(), { language: 'fi' });
    const noNews = await member(database(), { disabled: ['email:news'] });
    const news = NewsSchema.parse({
      id: `spring-${reader}`,
      subjects: { en: 'Spring news from Lovelane', nl: 'Lentenieuws van Lovelane' },
      texts: { en: 'Video chat is here.\n\nTry it today.', nl: 'Videochat is er.\n\nProbeer het vandaag.' },
      link: '/members',
    });
    await queueNews({ news });
    await queueNews({ news });
    for (let ran = -1; ran !== 0;) ran = await runDueJobs({ handlers: jobHandlers(), limit: 5 });

    const [dutch, ...moreDutch] = await mailsOf(database(), reader);
    expect(moreDutch).toEqual([]);
    expect(dutch?.kind).toBe('notify_news');
    expect(dutch?.subject).toBe('Lentenieuws van Lovelane');
    expect(dutch?.text).toContain('Videochat is er.\n\nProbeer het vandaag.');
    expect(dutch?.text).toContain('Naar Lovelane:\nhttp://lovelane.test/members');
    expect(dutch?.headers['List-Unsubscribe']).toMatch(/\.news\./);
    // No Finnish text: the English one, around a Finnish frame.
    const [finnish] = await mailsOf(database(), english);
    expect(finnish?.subject).toBe('Spring news from Lovelane');
    expect(finnish?.text).toContain('Hei ');
    expect(await mailsOf(database(), noNews)).toEqual([]);
  });
});

describe('schedule', () => {
  it('runs every sweep on a schedule, each kind with a handler', () => {
    const handlers = jobHandlers();
    const schedule = recurringJobs();
    for (const kind of Object.values(EMAIL_SWEEP_JOBS)) {
      expect(schedule.map((job) => job.kind)).toContain(kind);
      expect(handlers[kind]).toBeTypeOf('function');
    }
    for (const job of schedule) expect(job.cron.split(' ')).toHaveLength(5);
  });
});
