// The suggestion to turn on push: closing it is remembered for the member on the server (every
// device), through a write route that checks the Origin and its input like the others, and the data
// export says when it happened. The page's first paint brings the member's offers.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@/lib/server/db/schema';
import { collectMemberData } from '@/lib/server/data-export/collect-member-data';
import { memberOffers } from '@/lib/server/discounts/member-offers';
import { UserResponseSchema } from '@/lib/shared/schemas/user';
import { createMember } from '../factories/create-member';
import { apiClient, clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';

const db = withTestDatabase();

describe('closing the push suggestion', () => {
  it('is remembered for the member, seen from any device, and in the data export', async () => {
    const userId = await createMember(db.handle().db);
    const phone = await clientFor(userId);
    const before = UserResponseSchema.parse((await phone.get('/api/user.php')).json);
    expect(before.user.push_offer_dismissed_at).toBeNull();

    expect((await phone.post('/api/push-offer.php', { dismissed: true })).status).toBe(204);

    const laptop = await clientFor(userId);
    const after = UserResponseSchema.parse((await laptop.get('/api/user.php')).json);
    expect(after.user.push_offer_dismissed_at).not.toBeNull();
    const data = await collectMemberData({ userId });
    expect(data.json['notifications.json']).toMatchObject({
      push_suggestion_dismissed_at: after.user.push_offer_dismissed_at,
    });

    // Closing it again keeps the first time.
    expect((await laptop.post('/api/push-offer.php', { dismissed: true })).status).toBe(204);
    const again = UserResponseSchema.parse((await laptop.get('/api/user.php')).json);
    expect(again.user.push_offer_dismissed_at).toBe(after.user.push_offer_dismissed_at);
  });

  it('is refused from another site, with a wrong body, and for a visitor', async () => {
    const userId = await createMember(db.handle().db);
    const client = await clientFor(userId);
    const foreign = await client.post(
      '/api/push-offer.php',
      { dismissed: true },
      { origin: 'https://evil.test' },
    );
    expect(foreign.json.error.code).toBe('origin_rejected');
    const wrong = await client.post('/api/push-offer.php', { dismissed: false });
    expect(wrong.status).toBe(422);
    const extra = await client.post('/api/push-offer.php', { dismissed: true, at: '2020-01-01' });
    expect(extra.status).toBe(422);
    const [row] = await db.handle().db.select().from(users).where(eq(users.id, userId));
    expect(row?.pushOfferDismissedAt).toBeNull();

    const visitor = await apiClient().post('/api/push-offer.php', { dismissed: true });
    expect(visitor.json.error.code).toBe('authentication_required');
  });
});

describe('the offers a page brings for its first paint', () => {
  it('are the welcome code and the time bonus of a new member who has not paid, and none once paid', async () => {
    const fresh = await createMember(db.handle().db);
    const offers = await memberOffers({ userId: fresh, locale: 'en' });
    const client = await clientFor(fresh);
    const welcome = (await client.get('/api/discountcode.php?welcome=true')).json;
    const bonus = (await client.get('/api/timebonus.php')).json;
    expect(offers.welcome?.code).toBe(welcome.discount_code.code);
    expect(offers.timeBonus).toMatchObject({ code: bonus.code, value_percentage: bonus.value_percentage });

    const paid = await createMember(db.handle().db, { paidUser: true });
    expect(await memberOffers({ userId: paid, locale: 'en' })).toEqual({ welcome: null, timeBonus: null });
  });
});
