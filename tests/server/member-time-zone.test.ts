// The member's own time zone: learnt from their browser, checked before it is kept, and used for the
// times they are mailed or told (the receipt, the end of a suspension), named so nobody must guess.
import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { mailOutbox, payments, profiles, users } from '@/lib/server/db/schema';
import { checkMemberStanding } from '@/lib/server/moderation/check-member-standing';
import { sendPaymentReceipt } from '@/lib/server/payments/send-payment-receipt';
import { TIME_ZONE_COOKIE } from '@/lib/shared/time-zones';
import { proxy } from '@/proxy';
import { clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';
import { createMember } from '../factories/create-member';
import { bundleIn, drainJobs, sandboxIdOf } from './payments-helpers';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
const database = () => db.handle().db;

type Client = Awaited<ReturnType<typeof clientFor>>;

async function storedZone(userId: number) {
  const [row] = await database().select({ zone: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.zone ?? null;
}

/** A request of the member's browser carrying its time zone cookie. */
async function visitWith(client: Client, zone: string) {
  client.cookies.set(TIME_ZONE_COOKIE, zone);
  expect((await client.get('/api/user.php')).status).toBe(200);
}

/** A completed purchase whose receipt is mailed (again) as if it was paid at `paidAt`. */
async function receiptPaidAt(userId: number, client: Client, paidAt: Date): Promise<string> {
  const bundle = await bundleIn(database(), 'NL');
  const started = await client.post('/api/payment.php', {
    bundle: bundle.id,
    method: 'ideal',
    country: 'NL',
  });
  expect(started.status).toBe(201);
  const chosen = await client.post('/api/sandbox-payment.php', {
    payment: sandboxIdOf(started.json.payment.checkout_url),
    outcome: 'paid',
  });
  expect(chosen.status).toBe(200);
  await drainJobs();
  const paymentId = started.json.payment.id as number;
  const [account] = await database().select({ email: users.email }).from(users).where(eq(users.id, userId));
  const inbox = and(eq(mailOutbox.toAddress, account?.email ?? ''), eq(mailOutbox.kind, 'payment_receipt'));
  await database().delete(mailOutbox).where(inbox);
  await database().update(payments).set({ paidAt, receiptSentAt: null }).where(eq(payments.id, paymentId));
  expect(await sendPaymentReceipt({ paymentId })).toBe(true);
  const [mail] = await database().select().from(mailOutbox).where(inbox);
  return mail?.text ?? '';
}

/** 1 July 2026, 12:00 UTC: 14:00 in Amsterdam, 8:00 in New York, 13:00 in London. */
const NOON_UTC = new Date('2026-07-01T12:00:00Z');

describe('the member’s time zone', () => {
  it('is kept from the browser’s cookie when the runtime knows it, in its canonical spelling', async () => {
    const userId = await createMember(database());
    const client = await clientFor(userId);
    expect(await storedZone(userId)).toBeNull();
    await visitWith(client, 'america/new_york');
    expect(await storedZone(userId)).toBe('America/New_York');
    for (const nonsense of [
      'Mars/Olympus_Mons',
      '../../etc/passwd',
      "Europe/Berlin'--",
      '+01:00',
      'x'.repeat(200),
    ]) {
      await visitWith(client, nonsense);
      expect(await storedZone(userId)).toBe('America/New_York');
    }
    await visitWith(client, 'Asia/Tokyo');
    expect(await storedZone(userId)).toBe('Asia/Tokyo');
  });

  it('sets the clock of the pages: the browser’s zone, else the visitor’s country’s (behind the trusted proxy)', async () => {
    const zoneOf = async (headers: Record<string, string>) => {
      const res = await proxy(
        new NextRequest(new URL('/members', 'http://lovelane.test'), {
          headers: { host: 'lovelane.test', ...headers },
        }),
      );
      return res.headers.get('x-middleware-request-x-app-time-zone');
    };
    expect(await zoneOf({ cookie: `${TIME_ZONE_COOKIE}=Asia/Tokyo` })).toBe('Asia/Tokyo');
    expect(await zoneOf({ cookie: `${TIME_ZONE_COOKIE}=Nowhere/Land`, 'cf-ipcountry': 'GB' })).toBe(
      'Europe/London',
    );
    expect(await zoneOf({})).toBe('Europe/Amsterdam');
    // A forged header of the client's own is replaced.
    expect(await zoneOf({ 'x-app-time-zone': 'Pacific/Fiji' })).toBe('Europe/Amsterdam');
  });

  it('dates the receipt in the member’s own zone and names it', async () => {
    const userId = await createMember(database());
    const client = await clientFor(userId);
    await visitWith(client, 'America/New_York');
    const text = await receiptPaidAt(userId, client, NOON_UTC);
    expect(text).toContain('July 1, 2026');
    expect(text).toMatch(/8:00\sAM Eastern Daylight Time/);
    expect(text).not.toMatch(/2:00\sPM/);
  });

  it('without a zone from the browser, dates the receipt in the zone of the member’s country', async () => {
    const userId = await createMember(database(), { country: 'GB' });
    const client = await clientFor(userId);
    const text = await receiptPaidAt(userId, client, NOON_UTC);
    expect(text).toMatch(/1:00\sPM British Summer Time/);
  });

  it('writes the receipt’s date in the member’s language, with the zone’s name in it', async () => {
    const userId = await createMember(database());
    await database()
      .update(users)
      .set({ language: 'de', timeZone: 'Europe/Berlin' })
      .where(eq(users.id, userId));
    const client = await clientFor(userId);
    const text = await receiptPaidAt(userId, client, NOON_UTC);
    expect(text).toContain('1. Juli 2026');
    expect(text).toMatch(/14:00 Mitteleuropäische Sommerzeit/);
  });

  it('tells a suspended member when they may log in again in their own zone', async () => {
    const userId = await createMember(database());
    await database()
      .update(profiles)
      .set({ status: 'suspended', suspendedUntil: new Date('2099-07-01T12:00:00Z') })
      .where(eq(profiles.userId, userId));
    await database().update(users).set({ timeZone: 'Australia/Sydney' }).where(eq(users.id, userId));
    const refusal = await checkMemberStanding({ userId, locale: 'en' }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'account_suspended' });
    const until = String((refusal as { options: { values: { until: string } } }).options.values.until);
    // 12:00 UTC is 22:00 in Sydney (winter there).
    expect(until).toMatch(/July 1, 2099 at 10:00\sPM Australian Eastern Standard Time/);
  });
});
