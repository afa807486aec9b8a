// The first purchase books the credits and premium in one transaction: a step that fails undoes both.
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type * as MemberEvents from '@/lib/server/events/member-events';
import { getCreditBalance } from '@/lib/server/credits/get-credit-balance';
import { payments, users } from '@/lib/server/db/schema';
import { clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';
import { createMember } from '../factories/create-member';
import { bundleIn, drainJobs, inProcessFetch, sandboxIdOf } from './payments-helpers';

type MemberEventsModule = typeof MemberEvents;
const failure = vi.hoisted(() => ({ isOn: false }));

// The last step of booking a purchase (telling the member's tabs) fails while `failure.isOn`.
vi.mock('@/lib/server/events/member-events', async (importOriginal) => {
  const original = await importOriginal<MemberEventsModule>();
  return {
    ...original,
    recordMemberEvent: async (...args: Parameters<typeof original.recordMemberEvent>) => {
      if (failure.isOn && args[2].type === 'payment-updated') throw new Error('event store unavailable');
      return original.recordMemberEvent(...args);
    },
  };
});

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();

describe('first purchase', () => {
  it('grants credits and premium together or not at all', async () => {
    const database = db.handle().db;
    const userId = await createMember(database);
    const client = await clientFor(userId);
    const bundle = await bundleIn(database, 'NL');
    const started = await client.post('/api/payment.php', {
      bundle: bundle.id,
      method: 'ideal',
      country: 'NL',
    });
    expect(started.status).toBe(201);
    const sandboxId = sandboxIdOf(started.json.payment.checkout_url);
    expect(
      (await client.post('/api/sandbox-payment.php', { payment: sandboxId, outcome: 'paid' })).status,
    ).toBe(200);

    const webhook = () =>
      inProcessFetch()('http://lovelane.test/api/webhooks/sandbox.php', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `id=${sandboxId}`,
      });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failure.isOn = true;
    const failed = await webhook();
    // The provider is told to try again; nothing of the purchase stuck.
    expect(failed.status).toBe(500);
    expect(await getCreditBalance({ userId })).toBe(0);
    const [member] = await database.select({ paid: users.paidUser }).from(users).where(eq(users.id, userId));
    expect(member?.paid).toBe(false);
    const [row] = await database.select().from(payments).where(eq(payments.id, started.json.payment.id));
    expect(row).toMatchObject({ status: 'open', paidAt: null });
    errors.mockRestore();

    failure.isOn = false;
    await drainJobs();
    expect(await getCreditBalance({ userId })).toBe(bundle.credits);
    const [after] = await database.select({ paid: users.paidUser }).from(users).where(eq(users.id, userId));
    expect(after?.paid).toBe(true);
    expect((await client.get(`/api/payment.php?id=${started.json.payment.id}`)).json.payment.state).toBe(
      'completed',
    );
  });
});
