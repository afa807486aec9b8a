import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { http, HttpResponse } from 'msw';
import { TIME_BONUS } from '@/lib/shared/constants';
import type { DiscountCode, Payment } from '@/lib/shared/schemas/payments';
import { SMS_CODE } from '@/lib/shared/values/payments';
import { apiError, errorText } from './api-error';

/** What the mocked API knows of the member's offers and direct debits. */
export interface MockDiscountState {
  /** Seconds the time bonus has left when it was last asked for; null: no time bonus. */
  timeBonusSeconds: number | null;
  welcome: DiscountCode | null;
  directDebitBlocked: boolean;
  /** The SMS code every direct debit gets (the mocked API texts nobody). */
  smsCode: string;
  requests: Map<number, { attempts: number; bundle: number; country: string }>;
}

export const createMockDiscountState = (overrides: Partial<MockDiscountState> = {}): MockDiscountState => ({
  timeBonusSeconds: TIME_BONUS.windowSeconds - 60,
  welcome: {
    code: 'WELCOME25',
    country: null,
    user_id: null,
    expires: new Date(Date.now() + 72 * 3_600_000).toISOString(),
    value_percentage: 25,
    currency: null,
    minimum_order_value: null,
    status: 'active',
    validity: 'once_per_user',
    expired: false,
    paymentmethods: [],
  },
  directDebitBlocked: false,
  smsCode: '123456',
  requests: new Map(),
  ...overrides,
});

const fieldsError = (fields: Record<string, string>) => {
  const [field = 'iban', message = ''] = Object.entries(fields)[0] ?? [];
  return HttpResponse.json({ error: { code: 'field_invalid', message, field, fields } }, { status: 422 });
};

/**
 * `GET /api/timebonus.php`, the welcome code (`GET /api/discountcode.php?welcome=true`; other codes
 * fall through to the payment mocks), `POST /api/directdebit.php` and `POST /api/directdebit-confirm.php`
 * with the server's rules in short.
 */
export function createDiscountHandlers(state = createMockDiscountState()) {
  let nextRequest = 1;
  let nextPayment = 900;
  return [
    http.get('*/api/timebonus.php', () =>
      state.timeBonusSeconds === null
        ? apiError('not_found')
        : HttpResponse.json({
            code: TIME_BONUS.code,
            value_percentage: TIME_BONUS.percentage,
            seconds_left: state.timeBonusSeconds,
          }),
    ),
    http.get('*/api/discountcode.php', ({ request }) => {
      if (new URL(request.url).searchParams.get('welcome') !== 'true') return undefined;
      return state.welcome
        ? HttpResponse.json({ discount_code: state.welcome })
        : apiError('discount_not_found');
    }),
    http.post('*/api/directdebit.php', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      if (body.authorisation !== true) {
        return HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: 'authorisation',
              fields: { authorisation: 'Required' },
            },
          },
          { status: 422 },
        );
      }
      const fields: Record<string, string> = {};
      const iban = electronicFormatIBAN(typeof body.iban === 'string' ? body.iban : '') ?? '';
      if (!isValidIBAN(iban)) fields.iban = errorText('iban_invalid');
      if (!/^\+?[\d\s()-]{8,}$/.test(typeof body.mobile === 'string' ? body.mobile : ''))
        fields.mobile = errorText('mobile_invalid');
      if (Object.keys(fields).length > 0) return fieldsError(fields);
      if (state.directDebitBlocked) return apiError('direct_debit_blocked');
      const id = nextRequest++;
      state.requests.set(id, {
        attempts: 0,
        bundle: Number(body.bundle),
        country: typeof body.country === 'string' ? body.country : 'DE',
      });
      return HttpResponse.json(
        {
          request: id,
          sent_to: '+••••••••678',
          expires: new Date(Date.now() + SMS_CODE.ttlSeconds * 1000).toISOString(),
        },
        { status: 201 },
      );
    }),
    http.post('*/api/directdebit-confirm.php', async ({ request }) => {
      const body = (await request.json()) as { request?: number; sms_code?: string };
      const pending = state.requests.get(Number(body.request));
      if (!pending) return apiError('not_found');
      if (pending.attempts >= SMS_CODE.maxAttempts) return apiError('sms_code_expired');
      if (body.sms_code !== state.smsCode) {
        pending.attempts += 1;
        const left = SMS_CODE.maxAttempts - pending.attempts;
        return left > 0
          ? apiError('sms_code_invalid', { values: { attempts: left } })
          : apiError('sms_code_expired');
      }
      state.requests.delete(Number(body.request));
      const payment: Payment = {
        id: nextPayment++,
        state: 'pending',
        bundle: pending.bundle,
        country: pending.country,
        credits: 100,
        amount: 1499,
        list_amount: 1999,
        currency: 'EUR',
        method: 'directdebit',
        discount_code: null,
        discount_percentage: 0,
        reversed_amount: 0,
        created: new Date().toISOString(),
        paid_at: null,
        checkout_url: null,
        recurring: false,
        held: false,
      };
      return HttpResponse.json({ payment }, { status: 201 });
    }),
  ];
}
