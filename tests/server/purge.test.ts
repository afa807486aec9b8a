// Purging accounts deleted more than 14 days ago: what goes, what is kept (docs/retention.md).
import { eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { purgeDeletedAccounts } from '@/lib/server/auth/purge-deleted-accounts';
import { PURGE_JOB } from '@/lib/server/auth/purge-jobs';
import {
  blocks,
  chatMessages,
  creditLedger,
  likes,
  payments,
  profiles,
  pushSubscriptions,
  users,
} from '@/lib/server/db/schema';
import { recurringJobs } from '@/lib/server/jobs/job-handlers';
import { getStorage } from '@/lib/server/storage/get-storage';
import { withDataDirectory } from '../helpers/data-directory';
import { withTestDatabase } from '../helpers/database';
import { chatOf, memberWith, sent } from './chat-helpers';
import { bundleIn } from './payments-helpers';

process.env.TRUST_PROXY = '1';
withDataDirectory('purge-test');
const db = withTestDatabase();
const database = () => db.handle().db;

const DAY = 86_400_000;

/** A member who wrote to `other`, liked and blocked, paid, and deleted the account `daysAgo` days ago. */
async function deletedMember(
  other: { id: number; client: Awaited<ReturnType<typeof memberWith>>['client'] },
  daysAgo: number,
) {
  const member = await memberWith(database());
  await sent(member.client, other.id, 'A message that must not outlive the purge');
  await sent(other.client, member.id, 'A reply the other member wrote');
  await database().insert(likes).values({ likerId: member.id, likedId: other.id });
  // A block ends all contact while it stands; the purge lifts it with everything else.
  await database().insert(blocks).values({ blockerId: member.id, blockedId: other.id });
  await database()
    .insert(pushSubscriptions)
    .values({ userId: member.id, endpoint: `https://push.example/${member.id}`, p256dh: 'k', auth: 'a' });
  const bundle = await bundleIn(database(), 'NL');
  await database().insert(payments).values({
    userId: member.id,
    bundleId: bundle.id,
    country: 'NL',
    currency: bundle.currency,
    credits: bundle.credits,
    listAmountMinor: bundle.amountMinor,
    amountMinor: bundle.amountMinor,
    method: 'ideal',
    provider: 'sandbox',
    status: 'paid',
  });
  const deletedAt = new Date(Date.now() - daysAgo * DAY);
  await database().update(users).set({ deletedAt, trackingNetwork: 'adnet' }).where(eq(users.id, member.id));
  await database().update(profiles).set({ status: 'deleted' }).where(eq(profiles.userId, member.id));
  return member;
}

describe('purging deleted accounts', () => {
  it('runs as a scheduled job, once over all instances', () => {
    expect(recurringJobs().map((job) => job.kind)).toContain(PURGE_JOB);
  });

  it('purges an account deleted 15 days ago and keeps its payments; one deleted 13 days ago stays', async () => {
    const other = await memberWith(database());
    const gone = await deletedMember(other, 15);
    const waiting = await deletedMember(other, 13);
    // A photo the purged member sent: its file goes too.
    const [first] = await database().select().from(chatMessages).where(eq(chatMessages.senderId, gone.id));
    const photoKey = `private/chat/zz/purge-${gone.id}.jpg`;
    await getStorage().put(photoKey, Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg');
    await database()
      .insert(chatMessages)
      .values({
        conversationId: first?.conversationId ?? 0,
        senderId: gone.id,
        recipientId: other.id,
        kind: 'photo',
        photoKey,
        photoWidth: 1,
        photoHeight: 1,
        clientKey: `purge-photo-${gone.id}`,
      });

    expect(await purgeDeletedAccounts()).toBe(1);

    const [purged] = await database().select().from(users).where(eq(users.id, gone.id));
    expect(purged).toMatchObject({
      status: 'purged',
      email: `purged-${gone.id}@invalid`,
      passwordHash: '',
      trackingNetwork: null,
      notificationsDisabled: [],
    });
    expect(await database().select().from(profiles).where(eq(profiles.userId, gone.id))).toEqual([]);
    expect(
      await database()
        .select()
        .from(likes)
        .where(or(eq(likes.likerId, gone.id), eq(likes.likedId, gone.id))),
    ).toEqual([]);
    expect(
      await database().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, gone.id)),
    ).toEqual([]);
    // Payment records and the ledger stay, tied to the anonymised account.
    expect(await database().select().from(payments).where(eq(payments.userId, gone.id))).toHaveLength(1);
    expect(
      (await database().select().from(creditLedger).where(eq(creditLedger.userId, gone.id))).length,
    ).toBeGreaterThan(0);
    // What the purged member wrote is gone from the database.
    const written = await database().select().from(chatMessages).where(eq(chatMessages.senderId, gone.id));
    expect(written.length).toBeGreaterThan(0);
    expect(written.every((row) => row.kind === 'removed' && row.text === null)).toBe(true);

    // The other member's chat still loads: their own reply, and a removed message in place of the other.
    const chat = await chatOf(other.client, `member=${gone.id}`);
    expect(chat.profile.unavailable).toBe(true);
    expect(chat.messages.map((message) => [message.kind, message.text, message.photo])).toEqual([
      ['removed', null, null],
      ['text', 'A reply the other member wrote', null],
      ['removed', null, null],
    ]);
    expect(await getStorage().get(photoKey)).toBeNull();
    expect(JSON.stringify(chat)).not.toContain('must not outlive');

    // The account deleted 13 days ago can still come back: nothing of it was touched.
    const [kept] = await database().select().from(users).where(eq(users.id, waiting.id));
    expect(kept?.status).not.toBe('purged');
    expect(kept?.trackingNetwork).toBe('adnet');
    expect(await database().select().from(profiles).where(eq(profiles.userId, waiting.id))).toHaveLength(1);
    expect(
      (await database().select().from(chatMessages).where(eq(chatMessages.senderId, waiting.id)))[0]?.text,
    ).toBe('A message that must not outlive the purge');

    expect(await purgeDeletedAccounts()).toBe(0);
  });
});
