import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getMemberPublicName } from '@/lib/server/complaints/get-member-public-name';
import { blocks, complaints, mailOutbox, users } from '@/lib/server/db/schema';
import { ComplaintCreatedSchema } from '@/lib/shared/schemas/complaints';
import { buildSignup } from '../factories/build-signup';
import { createMember } from '../factories/create-member';
import { apiClient, clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
beforeAll(() => {
  process.env.TRUST_PROXY = '1';
});

const TEXT = 'This profile uses photos of a famous actress.';
let visitorCount = 0;
const visitorEmail = () => `reporter${(visitorCount += 1)}.${Date.now()}@example.test`;

async function mailsTo(to: string) {
  return db
    .handle()
    .db.select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.id));
}
async function stored(id: number) {
  const [row] = await db.handle().db.select().from(complaints).where(eq(complaints.id, id));
  return row;
}

describe('POST /api/complaint.php', () => {
  it("stores a visitor's complaint and shows its reference, but mails no receipt to an address nobody confirmed", async () => {
    const reported = await createMember(db.handle().db);
    const email = visitorEmail();
    const res = await apiClient({ language: 'de' }).post('/api/complaint.php', {
      reason: 'fake_profile',
      text: `  ${TEXT}  `,
      conversation_ref: ' chat of 3 May ',
      member: reported,
      email,
    });
    expect(res.status).toBe(201);
    const created = ComplaintCreatedSchema.strict().parse(res.json);
    expect(created.reference).toBe(`C-${String(created.id).padStart(6, '0')}`);
    expect(await stored(created.id)).toMatchObject({
      reporterId: null,
      reporterEmail: email,
      reportedUserId: reported,
      reason: 'fake_profile',
      text: TEXT,
      conversationRef: 'chat of 3 May',
      locale: 'de',
      status: 'received',
    });
    expect(created.is_receipt_mailed).toBe(false);
    expect(await mailsTo(email)).toEqual([]);
  });

  it("mails the receipt only to a member's confirmed address, in the member's language", async () => {
    const client = apiClient({ language: 'en' });
    const input = buildSignup({ language: 'nl' });
    expect((await client.post('/api/signup.php', input)).status).toBe(201);
    const unconfirmed = await client.post('/api/complaint.php', { reason: 'billing', text: TEXT });
    expect(unconfirmed.json.is_receipt_mailed).toBe(false);
    expect((await mailsTo(input.email)).filter((m) => m.kind === 'complaint_received')).toEqual([]);
    await db.handle().db.update(users).set({ status: 'confirmed' }).where(eq(users.email, input.email));
    const res = await client.post('/api/complaint.php', {
      reason: 'billing',
      text: 'I was charged twice for one package.',
      email: 'someone.else@example.test',
    });
    expect(res.status).toBe(201);
    expect(res.json.is_receipt_mailed).toBe(true);
    const [user] = await db.handle().db.select().from(users).where(eq(users.email, input.email));
    expect(await stored(res.json.id)).toMatchObject({
      reporterId: user?.id,
      reporterEmail: input.email,
      reportedUserId: null,
      locale: 'nl',
    });
    expect(await mailsTo('someone.else@example.test')).toEqual([]);
    const [mail] = await mailsTo(input.email);
    expect(mail).toMatchObject({ kind: 'complaint_received', locale: 'nl' });
    expect(mail?.text).toContain(res.json.reference);
  });

  it.each([
    [{ text: 'Too short' }, 'text', 'Please describe the problem in 10 to 2000 characters.'],
    [{ text: `${'x'.repeat(2001)}` }, 'text', 'Please describe the problem in 10 to 2000 characters.'],
    [{ email: undefined }, 'email', 'Please enter your e-mail address so we can answer you.'],
    [{ email: 'not an address' }, 'email', 'Invalid email'],
  ])('refuses %j under the field it is about', async (change, field, message) => {
    const email = visitorEmail();
    const res = await apiClient().post('/api/complaint.php', {
      reason: 'other',
      text: TEXT,
      email,
      ...change,
    });
    expect(res.status).toBe(422);
    expect(res.json.error).toEqual({ code: 'field_invalid', field, message });
    expect(await mailsTo(email)).toEqual([]);
  });

  it('refuses an unknown reason', async () => {
    const res = await apiClient().post('/api/complaint.php', {
      reason: 'boredom',
      text: TEXT,
      email: visitorEmail(),
    });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('validation_failed');
  });

  it('takes five complaints an hour from one address', async () => {
    const client = apiClient();
    for (let i = 0; i < 5; i++) {
      const res = await client.post('/api/complaint.php', {
        reason: 'other',
        text: TEXT,
        email: visitorEmail(),
      });
      expect(res.status).toBe(201);
    }
    const refused = await client.post('/api/complaint.php', {
      reason: 'other',
      text: TEXT,
      email: visitorEmail(),
    });
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('rate_limited');
  });

  it('takes five complaints an hour from one member, whatever the address', async () => {
    const memberId = await createMember(db.handle().db);
    const client = await clientFor(memberId);
    for (let i = 0; i < 5; i++) {
      const res = await client.post(
        '/api/complaint.php',
        { reason: 'harassment', text: TEXT },
        { 'x-forwarded-for': `192.0.2.${i + 10}` },
      );
      expect(res.status).toBe(201);
    }
    const refused = await client.post(
      '/api/complaint.php',
      { reason: 'harassment', text: TEXT },
      { 'x-forwarded-for': '192.0.2.99' },
    );
    expect(refused.status).toBe(429);
  });
});

describe("a member's public name", () => {
  it('is shown for an active, visible member and hidden otherwise', async () => {
    const handle = db.handle().db;
    const viewer = await createMember(handle);
    const visible = await createMember(handle, { name: 'Roos' });
    const invisible = await createMember(handle, { name: 'Iris', invisible: true });
    const pending = await createMember(handle, { name: 'Lies', status: 'disabled' });
    const blocker = await createMember(handle, { name: 'Anna' });
    await handle.insert(blocks).values({ blockerId: blocker, blockedId: viewer });

    expect(await getMemberPublicName({ memberId: visible, viewerId: null })).toBe('Roos');
    expect(await getMemberPublicName({ memberId: visible, viewerId: viewer })).toBe('Roos');
    expect(await getMemberPublicName({ memberId: invisible, viewerId: viewer })).toBeNull();
    expect(await getMemberPublicName({ memberId: invisible, viewerId: invisible })).toBe('Iris');
    expect(await getMemberPublicName({ memberId: pending, viewerId: null })).toBeNull();
    expect(await getMemberPublicName({ memberId: blocker, viewerId: viewer })).toBeNull();
    expect(await getMemberPublicName({ memberId: blocker, viewerId: null })).toBe('Anna');
    expect(await getMemberPublicName({ memberId: 2_000_000_000, viewerId: null })).toBeNull();
  });
});
