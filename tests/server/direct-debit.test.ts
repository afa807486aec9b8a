import { and, asc, desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  creditBundles,
  directDebitRequests,
  paymentAccounts,
  paymentMandates,
  payments,
  smsOutbox,
  users,
} from '@/lib/server/db/schema';
import { confirmDirectDebit } from '@/lib/server/direct-debit/confirm-direct-debit';
import { checkIban, checkMobile } from '@/lib/server/direct-debit/validate-bank-details';
import { getPaymentProvider } from '@/lib/server/payments/get-payment-provider';
import { DIRECT_DEBIT_OPEN_LIMIT_MINOR, SMS_CODE } from '@/lib/shared/values/payments';
import { clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';
import { createMember } from '../factories/create-member';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();

const VALID = {
  NL: { iban: 'NL91 ABNA 0417 1643 00', mobile: '06 12345678', e164: '+31612345678' },
  BE: { iban: 'BE68 5390 0754 7034', mobile: '0470 12 34 56', e164: '+32470123456' },
  DE: { iban: 'DE89 3704 0044 0532 0130 00', mobile: '01512 3456789', e164: '+4915123456789' },
  AT: { iban: 'AT61 1904 3002 3457 3201', mobile: '0664 1234567', e164: '+436641234567' },
  FR: { iban: 'FR14 2004 1010 0505 0001 3M02 606', mobile: '06 12 34 56 78', e164: '+33612345678' },
  ES: { iban: 'ES91 2100 0418 4502 0005 1332', mobile: '612 345 678', e164: '+34612345678' },
  IT: { iban: 'IT60 X054 2811 1010 0000 0123 456', mobile: '312 345 6789', e164: '+393123456789' },
  FI: { iban: 'FI21 1234 5600 0007 85', mobile: '041 2345678', e164: '+358412345678' },
  IE: { iban: 'IE29 AIBK 9311 5212 3456 78', mobile: '085 123 4567', e164: '+353851234567' },
} as const;

async function bundleOf(country: string) {
  const [bundle] = await db
    .handle()
    .db.select()
    .from(creditBundles)
    .where(and(eq(creditBundles.country, country), eq(creditBundles.active, true)))
    .orderBy(asc(creditBundles.amountMinor))
    .limit(1);
  if (!bundle) throw new Error(`no bundle in ${country}`);
  return bundle;
}

async function form(country: keyof typeof VALID = 'NL', overrides: Record<string, unknown> = {}) {
  const bundle = await bundleOf(country);
  return {
    bundle: bundle.id,
    country,
    account_holder: 'Jan de Vries',
    iban: VALID[country].iban,
    street: 'Keizersgracht',
    house_number: '12a',
    postal_code: '1015 CX',
    city: 'Amsterdam',
    mobile: VALID[country].mobile,
    authorisation: true,
    ...overrides,
  };
}

async function lastSmsTo(number: string) {
  const [sms] = await db
    .handle()
    .db.select()
    .from(smsOutbox)
    .where(eq(smsOutbox.toNumber, number))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  if (!sms) throw new Error(`no SMS to ${number}`);
  return { text: sms.text, code: /\b(\d{6})\b/.exec(sms.text)?.[1] ?? '' };
}

const started: { userId: number; requestId: number }[] = [];
const startPayment = (options: { userId: number; requestId: number }) => {
  started.push(options);
  return Promise.resolve({ payment: { id: options.requestId } });
};

describe('IBAN and mobile number per country', () => {
  it.each(Object.entries(VALID))(
    'accepts a %s IBAN and mobile number, stored electronically and as E.164',
    (country, valid) => {
      expect(checkIban(valid.iban)).toEqual({ ok: true, value: valid.iban.replace(/ /g, '') });
      expect(checkIban(valid.iban.toLowerCase())).toEqual({ ok: true, value: valid.iban.replace(/ /g, '') });
      expect(checkMobile(valid.mobile, country)).toEqual({ ok: true, value: valid.e164 });
      expect(checkMobile(valid.e164, country)).toEqual({ ok: true, value: valid.e164 });
    },
  );

  it('refuses a wrong checksum, a wrong length, a non-SEPA or unknown country', () => {
    expect(checkIban('NL91 ABNA 0417 1643 01')).toEqual({ ok: false, problem: 'iban_checksum' });
    expect(checkIban('DE89 3704 0044 0532 0130 01')).toEqual({ ok: false, problem: 'iban_checksum' });
    expect(checkIban('NL91 ABNA 0417 1643')).toEqual({ ok: false, problem: 'iban_invalid' });
    expect(checkIban('XX12 3456 7890')).toEqual({ ok: false, problem: 'iban_invalid' });
    expect(checkIban('BR15 0000 0000 0000 1093 2840 814P 2')).toEqual({ ok: false, problem: 'iban_country' });
  });

  it('refuses a mobile number of another country, a landline and an impossible number', () => {
    expect(checkMobile(VALID.BE.e164, 'NL')).toEqual({ ok: false, problem: 'mobile_country' });
    expect(checkMobile(VALID.NL.e164, 'DE')).toEqual({ ok: false, problem: 'mobile_country' });
    expect(checkMobile('020 123 4567', 'NL')).toEqual({ ok: false, problem: 'mobile_invalid' });
    expect(checkMobile('06 123', 'NL')).toEqual({ ok: false, problem: 'mobile_invalid' });
  });
});

describe('POST /api/directdebit.php', () => {
  it('texts a 6-digit code in the member’s language and keeps only its hash', async () => {
    const userId = await createMember(db.handle().db);
    await db.handle().db.update(users).set({ language: 'de' }).where(eq(users.id, userId));
    const client = await clientFor(userId);
    const answer = await client.post('/api/directdebit.php', await form('NL'));
    expect(answer.status).toBe(201);
    expect(answer.json.sent_to).toMatch(/^\+•+678$/);
    expect(new Date(answer.json.expires).getTime() - Date.now()).toBeGreaterThan(
      (SMS_CODE.ttlSeconds - 30) * 1000,
    );

    const sms = await lastSmsTo(VALID.NL.e164);
    expect(sms.code).toMatch(/^\d{6}$/);
    expect(sms.text).toContain('ist dein Code zur Bestätigung der Lastschrift');
    const [request] = await db
      .handle()
      .db.select()
      .from(directDebitRequests)
      .where(eq(directDebitRequests.id, answer.json.request));
    expect(request).toMatchObject({
      userId,
      iban: 'NL91ABNA0417164300',
      mobile: VALID.NL.e164,
      attempts: 0,
      verifiedAt: null,
    });
    expect(request?.codeHash).not.toContain(sms.code);
  });

  it('answers every invalid field in the caller’s language, and a missing authorisation', async () => {
    const client = await clientFor(await createMember(db.handle().db), { language: 'nl' });
    const answer = await client.post(
      '/api/directdebit.php',
      await form('NL', { iban: 'NL91 ABNA 0417 1643 01', mobile: VALID.BE.e164 }),
    );
    expect(answer.status).toBe(422);
    expect(answer.json.error).toMatchObject({
      code: 'field_invalid',
      field: 'iban',
      fields: {
        iban: 'De controlecijfers van dit IBAN kloppen niet. Controleer het op typefouten.',
        mobile: 'Vul een mobiel nummer uit Nederland in.',
      },
    });
    // The country takes the language's own phrase: "aus den Niederlanden", not "aus Niederlande".
    const german = await clientFor(await createMember(db.handle().db), { language: 'de' });
    const inGerman = await german.post('/api/directdebit.php', await form('NL', { mobile: VALID.BE.e164 }));
    expect(inGerman.json.error.fields?.mobile).toBe('Bitte gib eine Handynummer aus den Niederlanden ein.');
    const unauthorised = await client.post(
      '/api/directdebit.php',
      await form('NL', { authorisation: false }),
    );
    expect(unauthorised.status).toBe(422);
    expect(Object.keys(unauthorised.json.error.fields ?? {})).toContain('authorisation');
  });

  it('refuses an account blocked for direct debit', async () => {
    const userId = await createMember(db.handle().db);
    await db.handle().db.insert(paymentAccounts).values({ userId, directDebitBlockedAt: new Date() });
    const answer = await (await clientFor(userId)).post('/api/directdebit.php', await form('DE'));
    expect(answer.status).toBe(403);
    expect(answer.json.error).toEqual({
      code: 'direct_debit_blocked',
      message: 'Your account is blocked for direct debit payments.',
    });
  });

  it('refuses when the open direct-debit payments and this bundle go over the limit', async () => {
    const userId = await createMember(db.handle().db);
    const bundle = await bundleOf('NL');
    const open = DIRECT_DEBIT_OPEN_LIMIT_MINOR - bundle.amountMinor;
    const payment = {
      userId,
      bundleId: bundle.id,
      country: 'NL',
      currency: 'EUR',
      credits: bundle.credits,
      listAmountMinor: open,
      amountMinor: open,
      method: 'directdebit',
      provider: 'sandbox' as const,
      status: 'pending' as const,
    };
    await db.handle().db.insert(payments).values(payment);
    // Exactly at the limit is allowed; a settled or other-method payment does not count.
    await db
      .handle()
      .db.insert(payments)
      .values({ ...payment, amountMinor: 5000, status: 'paid' });
    await db
      .handle()
      .db.insert(payments)
      .values({ ...payment, amountMinor: 5000, method: 'ideal', status: 'open' });
    const client = await clientFor(userId);
    expect((await client.post('/api/directdebit.php', await form('NL'))).status).toBe(201);

    await db
      .handle()
      .db.insert(payments)
      .values({ ...payment, amountMinor: 1, status: 'open' });
    const refused = await client.post('/api/directdebit.php', await form('NL'));
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('direct_debit_limit');
    expect(refused.json.error.message).toContain('at most €250.00 in open direct debit payments');
  });

  it('checks the discount code for direct debit', async () => {
    const client = await clientFor(await createMember(db.handle().db));
    const answer = await client.post('/api/directdebit.php', await form('NL', { code: 'NOSUCHCODE' }));
    expect(answer.status).toBe(404);
    expect(answer.json.error.code).toBe('discount_not_found');
    expect(
      (await client.post('/api/directdebit.php', await form('NL', { code: 'TIMEBONUS25' }))).status,
    ).toBe(201);
  });
});

describe('the SMS code', () => {
  async function requestCode(country: keyof typeof VALID = 'NL') {
    const userId = await createMember(db.handle().db, { country });
    const answer = await (await clientFor(userId)).post('/api/directdebit.php', await form(country));
    expect(answer.status).toBe(201);
    const { code } = await lastSmsTo(VALID[country].e164);
    return { userId, requestId: answer.json.request as number, code };
  }
  const confirm = (options: { userId: number; requestId: number; smsCode: string; now?: Date }) =>
    confirmDirectDebit({ ...options, locale: 'en', startPayment });

  it('counts wrong codes down and expires the code after the last attempt', async () => {
    const { userId, requestId, code } = await requestCode('BE');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = SMS_CODE.maxAttempts - 1; left > 0; left -= 1) {
      await expect(confirm({ userId, requestId, smsCode: wrong })).rejects.toMatchObject({
        code: 'sms_code_invalid',
        options: { values: { attempts: left } },
      });
    }
    await expect(confirm({ userId, requestId, smsCode: wrong })).rejects.toMatchObject({
      code: 'sms_code_expired',
    });
    // Used up: even the right code no longer works.
    await expect(confirm({ userId, requestId, smsCode: code })).rejects.toMatchObject({
      code: 'sms_code_expired',
    });
    expect(started.some((call) => call.requestId === requestId)).toBe(false);
  });

  it('works until its expiry and not after', async () => {
    const { userId, requestId, code } = await requestCode('AT');
    const expiry = new Date(Date.now() + SMS_CODE.ttlSeconds * 1000 + 1000);
    await expect(confirm({ userId, requestId, smsCode: code, now: expiry })).rejects.toMatchObject({
      code: 'sms_code_expired',
    });
    await expect(confirm({ userId, requestId, smsCode: code })).resolves.toEqual({
      payment: { id: requestId },
    });
    expect(started).toContainEqual({ userId, requestId });
    const [request] = await db
      .handle()
      .db.select()
      .from(directDebitRequests)
      .where(eq(directDebitRequests.id, requestId));
    expect(request?.verifiedAt).toBeInstanceOf(Date);
    // Once verified, the code does not start a second payment.
    await expect(confirm({ userId, requestId, smsCode: code })).rejects.toMatchObject({
      code: 'sms_code_expired',
    });
    expect(started.filter((call) => call.requestId === requestId)).toHaveLength(1);
  });

  it('is the member’s own: another member’s request is not found', async () => {
    const { requestId, code } = await requestCode('FR');
    const other = await createMember(db.handle().db);
    await expect(confirm({ userId: other, requestId, smsCode: code })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('reads "Code invalid" with the attempts left in the member’s language', async () => {
    const { errorMessage } = await import('@/lib/server/api/i18n');
    expect(errorMessage('en', 'sms_code_invalid', { attempts: 4 })).toBe('Code invalid. 4 attempts left.');
    expect(errorMessage('en', 'sms_code_invalid', { attempts: 1 })).toBe('Code invalid. 1 attempt left.');
    expect(errorMessage('nl', 'sms_code_invalid', { attempts: 2 })).toBe(
      'Code ongeldig. Nog 2 pogingen over.',
    );
  });
});

describe('POST /api/directdebit-confirm.php', () => {
  it('turns the right code into a pending direct-debit payment, once; a wrong code says how many tries are left', async () => {
    const userId = await createMember(db.handle().db);
    const client = await clientFor(userId);
    const bundle = await bundleOf('NL');
    const started = await client.post('/api/directdebit.php', await form('NL', { code: 'TIMEBONUS25' }));
    expect(started.status).toBe(201);
    const { code } = await lastSmsTo(VALID.NL.e164);
    const wrong = code === '000000' ? '111111' : '000000';

    const refused = await client.post('/api/directdebit-confirm.php', {
      request: started.json.request,
      sms_code: wrong,
    });
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatchObject({
      code: 'sms_code_invalid',
      message: 'Code invalid. 4 attempts left.',
    });

    const other = await clientFor(await createMember(db.handle().db));
    expect(
      (await other.post('/api/directdebit-confirm.php', { request: started.json.request, sms_code: code }))
        .status,
    ).toBe(404);

    const confirmed = await client.post('/api/directdebit-confirm.php', {
      request: started.json.request,
      sms_code: code,
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.json.payment).toMatchObject({
      state: 'pending',
      method: 'directdebit',
      credits: bundle.credits,
      list_amount: bundle.amountMinor,
      amount: Math.round((bundle.amountMinor * 75) / 100),
      discount_code: 'TIMEBONUS25',
      discount_percentage: 25,
    });
    const [request] = await db
      .handle()
      .db.select()
      .from(directDebitRequests)
      .where(eq(directDebitRequests.id, started.json.request));
    expect(request?.paymentId).toBe(confirmed.json.payment.id);

    const again = await client.post('/api/directdebit-confirm.php', {
      request: started.json.request,
      sms_code: code,
    });
    expect(again.status).toBe(410);
    expect(again.json.error.code).toBe('sms_code_expired');
    const mine = await db
      .handle()
      .db.select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.method, 'directdebit')));
    expect(mine).toHaveLength(1);
  });
});

describe('direct-debit payments at the provider', () => {
  const MOBILES = ['06 12345671', '06 12345672', '06 12345673'];
  const e164 = (mobile: string) => `+31${mobile.replace(/\s/g, '').slice(1)}`;

  /** A bundle of €199 in the Netherlands: two of them go over the limit of open direct debits. */
  async function bundleOf199() {
    const [bundle] = await db
      .handle()
      .db.insert(creditBundles)
      .values({ country: 'NL', currency: 'EUR', credits: 1_000, amountMinor: 19_900, position: 90 })
      .returning();
    if (!bundle) throw new Error('no bundle');
    return bundle;
  }

  async function requestWithCode(
    client: Awaited<ReturnType<typeof clientFor>>,
    bundleId: number,
    mobile: string,
  ) {
    const answer = await client.post('/api/directdebit.php', {
      ...(await form('NL')),
      bundle: bundleId,
      mobile,
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    return { request: answer.json.request as number, sms_code: (await lastSmsTo(e164(mobile))).code };
  }

  it('keeps the open direct debits under the limit when codes are confirmed at the same moment', async () => {
    const userId = await createMember(db.handle().db);
    const client = await clientFor(userId);
    const bundle = await bundleOf199();
    const requests = [];
    for (const mobile of MOBILES) requests.push(await requestWithCode(client, bundle.id, mobile));

    const answers = await Promise.all(requests.map((r) => client.post('/api/directdebit-confirm.php', r)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.json.error.code).toBe('direct_debit_limit');
      expect(refused.json.error.message).toContain('€250.00');
    }
    const open = await db
      .handle()
      .db.select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.method, 'directdebit')));
    expect(open.filter((p) => p.status === 'open' || p.status === 'pending')).toHaveLength(1);
    // No mandate was made for the refused ones.
    const mandates = await db
      .handle()
      .db.select()
      .from(paymentMandates)
      .where(eq(paymentMandates.userId, userId));
    expect(mandates).toHaveLength(1);
  });

  it('leaves no usable mandate behind when the provider refuses the payment, and a later attempt works', async () => {
    const userId = await createMember(db.handle().db);
    const client = await clientFor(userId);
    const bundle = await bundleOf('NL');
    const provider = getPaymentProvider();
    const refusal = vi
      .spyOn(provider, 'createPayment')
      .mockRejectedValueOnce(new Error('provider unavailable'));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = await requestWithCode(client, bundle.id, MOBILES[0] ?? '');
    const refused = await client.post('/api/directdebit-confirm.php', first);
    errors.mockRestore();
    refusal.mockRestore();
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('payment_unavailable');

    const [left] = await db
      .handle()
      .db.select()
      .from(paymentMandates)
      .where(eq(paymentMandates.userId, userId));
    // The mandate made for it is revoked, here and at the provider, so it is neither offered nor charged.
    expect(left?.revokedAt).toBeInstanceOf(Date);
    if (!left) throw new Error('no mandate');
    expect((await provider.getMandate(left.providerCustomerId, left.providerMandateId)).status).toBe(
      'invalid',
    );

    const second = await requestWithCode(client, bundle.id, MOBILES[1] ?? '');
    const confirmed = await client.post('/api/directdebit-confirm.php', second);
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(201);
    expect(confirmed.json.payment).toMatchObject({ state: 'pending', method: 'directdebit' });
    const usable = (
      await db.handle().db.select().from(paymentMandates).where(eq(paymentMandates.userId, userId))
    ).filter((m) => m.revokedAt === null && m.status !== 'invalid');
    const [row] = await db
      .handle()
      .db.select()
      .from(payments)
      .where(eq(payments.id, confirmed.json.payment.id));
    expect(usable.map((m) => m.id)).toEqual([row?.mandateId]);
  });
});
