import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../helpers/next-navigation';
import { TopNav } from '@/components/nav/top-nav';
import { Checkout } from '@/components/payments/checkout';
import { CreditsOverview } from '@/components/payments/credits-overview';
import { PaymentStatus } from '@/components/payments/payment-status';
import { PremiumOverview } from '@/components/payments/premium-overview';
import { Pricing } from '@/components/payments/pricing';
import { RepeatOrder } from '@/components/payments/repeat-order';
import { SandboxCheckout } from '@/components/payments/sandbox-checkout';
import { CreditHistory } from '@/components/payments/credit-history';
import { cacheUpdates } from '@/lib/api/cache-updates';
import { queryKeys } from '@/lib/api/keys';
import { createHandlers } from '@/lib/api/mocks/handlers';
import {
  addMockPayment,
  createMockPaymentsState,
  createPaymentHandlers,
  type MockPaymentsState,
} from '@/lib/api/mocks/payments';
import { applyServerEvent } from '@/lib/api/server-events';
import type { User } from '@/lib/shared/schemas/user';
import { buildUser } from '@/tests/factories/build-user';
import { renderWithProviders } from '../helpers/render';

// The first call loads the HTTP client; on a busy machine that alone can take a second.
configure({ asyncUtilTimeout: 6_000 });

const discount = vi.hoisted(() => ({
  active: null as null | { code: string; percentage: number; kind: 'time_bonus' | 'welcome' },
}));
vi.mock('@/components/discounts/use-active-discount', () => ({ useActiveDiscount: () => discount.active }));
const leave = vi.hoisted(() => ({ to: [] as string[] }));
vi.mock('@/components/payments/leave-page', () => ({ leaveFor: (url: string) => leave.to.push(url) }));
vi.mock('@/lib/shared/feature-pages', () => ({
  hasFeaturePage: () => true,
  buyCreditsPage: () => '/credits',
}));

let state: MockPaymentsState = createMockPaymentsState();
const handlers = () => [...createPaymentHandlers(state), ...createHandlers(() => 'member')];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = createMockPaymentsState();
  discount.active = null;
  leave.to = [];
  window.localStorage.clear();
  server.resetHandlers(...handlers());
});
afterAll(() => server.close());

const payer: User = buildUser({ paid_user: false, credits: 0 });

describe('credits page', () => {
  it('shows the bundles of the payment country with price per credit, best value and the refund line', async () => {
    renderWithProviders(<CreditsOverview />, { user: payer });
    const list = await screen.findByRole('list', { name: 'Credit bundles' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(cards[0]).toHaveTextContent('100 credits');
    expect(cards[0]).toHaveTextContent('€24.95');
    expect(cards[0]).toHaveTextContent('€0.25 per credit');
    expect(cards[2]).toHaveTextContent('Best value');
    expect(cards.filter((card) => card.textContent?.includes('Best value'))).toHaveLength(1);
    expect(within(cards[1] as HTMLElement).getByRole('link', { name: 'Choose 250 credits' })).toHaveAttribute(
      'href',
      '/credits/2?country=NL',
    );
    expect(screen.getByText('14 day free returns')).toBeInTheDocument();
    expect(screen.getByText('Your first bundle makes you premium at once')).toBeInTheDocument();
  });

  it('applies the active discount visibly: list price struck through, the price to pay, the code and %', async () => {
    discount.active = { code: 'WELCOME25', percentage: 25, kind: 'welcome' };
    renderWithProviders(<CreditsOverview />, { user: payer });
    const list = await screen.findByRole('list', { name: 'Credit bundles' });
    const first = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(first.querySelector('s')).toHaveTextContent('€24.95');
    expect(first).toHaveTextContent('Your price €18.71');
    expect(screen.getByText('25% off with code WELCOME25, already in the prices below')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Choose 100 credits' })).toHaveAttribute(
      'href',
      '/credits/1?country=NL&code=WELCOME25',
    );
  });

  it('changes the payment country, shows its currency, and remembers it', async () => {
    renderWithProviders(<CreditsOverview />, { user: payer });
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Payment country' }), 'GB');
    const list = await screen.findByRole('list', { name: 'Credit bundles' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('£21.95'));
    expect(window.localStorage.getItem('payment-country')).toBe('GB');
  });

  it('offers the repeat order only with a stored mandate', async () => {
    state.mandate = { method: 'creditcard', label: 'Visa •••• 4242', bundle: 2, country: 'NL' };
    renderWithProviders(<CreditsOverview />, { user: payer });
    expect(await screen.findByRole('link', { name: /Buy again in one step/ })).toHaveAttribute(
      'href',
      '/credits/repeat-order',
    );
  });

  it('says when the bundles could not be loaded, and tries again', async () => {
    state.failing.add('bundles');
    renderWithProviders(<CreditsOverview />, { user: payer });
    expect(await screen.findByRole('alert')).toHaveTextContent('The prices could not be loaded.');
    state.failing.delete('bundles');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Credit bundles' })).toBeInTheDocument();
  });
});

describe('checkout', () => {
  it('lists the methods of the payment country as one radio group, the method in the address chosen', async () => {
    renderWithProviders(<Checkout bundle={1} method="paypal" country="NL" code={null} />, { user: payer });
    const group = await screen.findByRole('group', { name: 'Payment method' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('div')?.querySelector('.method-name')?.textContent)).toEqual([
      'iDEAL',
      'Credit card',
      'PayPal',
      'Direct debit',
      'Apple Pay',
      'Bank transfer',
      'Klarna',
    ]);
    expect(within(group).getByRole('radio', { name: 'PayPal' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay €24.95' })).toBeEnabled();
  });

  it('cannot pay before a method is chosen; paying goes to the provider checkout', async () => {
    renderWithProviders(<Checkout bundle={3} method={null} country="NL" code={null} />, { user: payer });
    const pay = await screen.findByRole('button', { name: 'Pay €104.95' });
    expect(pay).toBeDisabled();
    await userEvent.click(await screen.findByRole('radio', { name: 'iDEAL' }));
    await userEvent.click(pay);
    await waitFor(() => expect(leave.to).toEqual(['/sandbox/checkout/tr_sbx_mock0001']));
    expect(state.started).toEqual([{ bundle: 3, method: 'ideal', country: 'NL' }]);
  });

  it('tells apart a code that is not found, already used, or not applicable', async () => {
    renderWithProviders(<Checkout bundle={1} method="ideal" country="NL" code={null} />, { user: payer });
    const field = await screen.findByRole('textbox', { name: 'Discount code' });
    const apply = screen.getByRole('button', { name: 'Apply' });

    await userEvent.type(field, 'NOPE');
    await userEvent.click(apply);
    expect(await screen.findByRole('alert')).toHaveTextContent('This discount code was not found.');
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(field);
    await userEvent.type(field, 'SPRING20');
    await userEvent.click(apply);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('You have already used this discount code.'),
    );

    await userEvent.clear(field);
    await userEvent.type(field, 'BIGORDER15');
    await userEvent.click(apply);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('This code needs a larger order.'),
    );
    expect(screen.getByRole('button', { name: 'Pay €24.95' })).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, 'ONCE30');
    await userEvent.click(apply);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'This code is already on a payment you have not finished. Complete that payment, or use the code again once it has been cancelled or has expired.',
      ),
    );
  });

  it('says so when the code it came with is on a payment not finished yet', async () => {
    renderWithProviders(<Checkout bundle={1} method="ideal" country="NL" code="ONCE30" />, { user: payer });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code is already on a payment you have not finished.',
    );
    expect(screen.getByRole('button', { name: 'Pay €24.95' })).toBeInTheDocument();
  });

  it('applies a code to the total and sends it with the payment', async () => {
    renderWithProviders(<Checkout bundle={1} method="creditcard" country="NL" code={null} />, {
      user: payer,
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Discount code' }), 'lovelane10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code LOVELANE10: 10% off')).toBeInTheDocument();
    expect(screen.getByText('Discount LOVELANE10 (10%)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay €22.46' }));
    await waitFor(() => expect(leave.to).toHaveLength(1));
    expect(state.started[0]).toEqual({ bundle: 1, method: 'creditcard', country: 'NL', code: 'LOVELANE10' });
  });

  it('applies the active discount by itself', async () => {
    discount.active = { code: 'WELCOME25', percentage: 25, kind: 'welcome' };
    renderWithProviders(<Checkout bundle={1} method="ideal" country="NL" code={null} />, { user: payer });
    expect(await screen.findByText('Code WELCOME25: 25% off')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay €18.71' })).toBeInTheDocument();
  });

  it('sends direct debit to its own form with bundle, country and code', async () => {
    renderWithProviders(<Checkout bundle={2} method="directdebit" country="NL" code="LOVELANE10" />, {
      user: payer,
    });
    expect(await screen.findByText('Code LOVELANE10: 10% off')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue with direct debit' })).toHaveAttribute(
      'href',
      '/directdebit?bundle=2&country=NL&code=LOVELANE10',
    );
  });

  it('leaves direct debit out after a chargeback, saying why', async () => {
    state.directDebitBlocked = true;
    renderWithProviders(<Checkout bundle={1} method={null} country="NL" code={null} />, { user: payer });
    expect(await screen.findByText('Your account is blocked for direct debit payments.')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Direct debit' })).toBeNull();
  });
});

describe('payment status page', () => {
  it('shows a pending payment, then the credits and the premium welcome when it completes', async () => {
    const payment = addMockPayment(state, { state: 'pending', credits: 250, method: 'ideal' });
    const { queryClient } = renderWithProviders(<PaymentStatus id={payment.id} />, { user: payer });
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Waiting for your payment to be confirmed…'));
    expect(status).toHaveAttribute('aria-live', 'polite');

    // The provider settles it; the server tells the tab.
    payment.state = 'completed';
    payment.paid_at = new Date().toISOString();
    act(() =>
      applyServerEvent(cacheUpdates(queryClient), {
        type: 'payment-updated',
        payment: payment.id,
        state: 'completed',
        paid_user: true,
      }),
    );
    await waitFor(() => expect(status).toHaveTextContent('Payment received'));
    expect(status).toHaveTextContent('250 credits have been added to your account.');
    expect(await screen.findByText('Welcome to Premium!')).toBeInTheDocument();
    expect(queryClient.getQueryData<User>(queryKeys.user)?.paid_user).toBe(true);
    expect(screen.getByRole('heading', { name: 'Receipt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your messages' })).toHaveAttribute('href', '/chats');
  });

  it('asks again while pending and shows the outcome without an event', async () => {
    const payment = addMockPayment(state, { state: 'pending', credits: 100, method: 'creditcard' });
    renderWithProviders(<PaymentStatus id={payment.id} />, { user: payer });
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Waiting for your payment'));
    payment.state = 'cancelled';
    await waitFor(() => expect(status).toHaveTextContent('Payment failed or has been cancelled.'));
  });

  it('tells the payer of a payment held for customer service that a person checks it', async () => {
    const payment = addMockPayment(state, { state: 'pending', credits: 100, held: true });
    renderWithProviders(<PaymentStatus id={payment.id} />, { user: payer });
    const status = await screen.findByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent(
        'Customer service is checking this payment before the credits are added. There is no need to pay again.',
      ),
    );
    expect(status).not.toHaveTextContent('a few seconds');
  });

  /** The status page of a payment that did not go through, and its "Try again" link. */
  async function retryLink(values: Parameters<typeof addMockPayment>[1]) {
    const payment = addMockPayment(state, values);
    renderWithProviders(<PaymentStatus id={payment.id} />, { user: payer });
    expect(await screen.findByText('Payment failed or has been cancelled.')).toBeInTheDocument();
    return () => screen.getByRole('link', { name: 'Try again' });
  }

  it('offers a retry of the same bundle when the payment failed', async () => {
    const link = await retryLink({
      state: 'failed',
      bundle: 3,
      credits: 500,
      amount: 10495,
      method: 'ideal',
    });
    await waitFor(() => expect(link()).toHaveAttribute('href', '/credits/3/ideal?country=NL'));
    expect(screen.queryByText('Receipt')).toBeNull();
  });

  it('leads the retry to the same checkout from the first paint, without waiting for the bundles', async () => {
    state.failing.add('bundles');
    const link = await retryLink({
      state: 'cancelled',
      bundle: 1,
      country: 'DE',
      credits: 100,
      method: 'paypal',
    });
    expect(link()).toHaveAttribute('href', '/credits/1/paypal?country=DE');
  });

  it('offers the bundle of the same credits when the one bought is no longer on sale', async () => {
    const link = await retryLink({
      state: 'failed',
      bundle: 99,
      credits: 500,
      amount: 10495,
      method: 'ideal',
    });
    await waitFor(() => expect(link()).toHaveAttribute('href', '/credits/3/ideal?country=NL'));
  });

  it('says a payment nobody completed in time has expired, and offers to start again', async () => {
    const payment = addMockPayment(state, {
      state: 'expired',
      bundle: 3,
      credits: 500,
      amount: 10495,
      method: 'ideal',
    });
    renderWithProviders(<PaymentStatus id={payment.id} />, { user: payer });
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('This payment has expired.'));
    expect(status).toHaveTextContent('no money was taken');
    expect(status).not.toHaveTextContent('Payment failed');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
        'href',
        '/credits/3/ideal?country=NL',
      ),
    );
  });

  it('does not welcome to premium again on a later purchase', async () => {
    addMockPayment(state, { state: 'completed' });
    const later = addMockPayment(state, { state: 'completed', credits: 100 });
    renderWithProviders(<PaymentStatus id={later.id} />, { user: buildUser({ paid_user: true }) });
    expect(await screen.findByText('100 credits have been added to your account.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Receipt' })).toBeInTheDocument());
    expect(screen.queryByText('Welcome to Premium!')).toBeNull();
  });

  it('says when the payment is not the member’s', async () => {
    renderWithProviders(<PaymentStatus id={999} />, { user: payer });
    expect(await screen.findByText('This payment was not found.')).toBeInTheDocument();
  });
});

describe('repeat order', () => {
  it('buys the last bundle again on the stored card', async () => {
    state.mandate = { method: 'creditcard', label: 'Visa •••• 4242', bundle: 2, country: 'NL' };
    renderWithProviders(<RepeatOrder />, { user: buildUser({ paid_user: true }) });
    expect(await screen.findByText('Paid with Visa •••• 4242')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Buy 250 credits for €54.95' }));
    expect(await screen.findByText('250 credits have been added to your account.')).toBeInTheDocument();
  });

  it('offers a retry or PayPal when the stored card is declined', async () => {
    state.mandate = { method: 'creditcard', label: 'Visa •••• 4242', bundle: 2, country: 'NL' };
    state.declineRepeats = true;
    renderWithProviders(<RepeatOrder />, { user: buildUser({ paid_user: true }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Buy 250 credits for €54.95' }));
    expect(await screen.findByText('Your stored card was declined.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay with PayPal' })).toHaveAttribute(
      'href',
      '/credits/2/paypal?country=NL',
    );
    state.declineRepeats = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try the card again' }));
    expect(await screen.findByText('250 credits have been added to your account.')).toBeInTheDocument();
  });
});

describe('repeat order on a provider that asks the payer to confirm', () => {
  it('goes to the confirmation step the provider names', async () => {
    state.mandate = { method: 'creditcard', label: 'Visa •••• 4242', bundle: 2, country: 'NL' };
    server.use(
      http.post('*/api/repeatorder.php', () => {
        const payment = addMockPayment(state, {
          state: 'pending',
          recurring: true,
          method: 'creditcard',
          checkout_url: '/sandbox/checkout/tr_sbx_charge0001',
        });
        return HttpResponse.json({ payment }, { status: 201 });
      }),
    );
    renderWithProviders(<RepeatOrder />, { user: buildUser({ paid_user: true }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Buy 250 credits for €54.95' }));
    await waitFor(() => expect(leave.to).toEqual(['/sandbox/checkout/tr_sbx_charge0001']));
  });
});

describe('test payment service checkout', () => {
  it('asks a visitor to log in first, showing nothing of the payment', async () => {
    renderWithProviders(<SandboxCheckout id="tr_sbx_mock0001" />, { user: null });
    expect(await screen.findByText('Log in to confirm this test payment.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?redirect=/sandbox/checkout/tr_sbx_mock0001',
    );
    expect(screen.queryByRole('button', { name: 'Paid' })).toBeNull();
    expect(document.querySelector('.sandbox-amount')).toBeNull();
  });

  it('asks about a charge on the stored card as its confirmation step, naming the card', async () => {
    state.mandate = { method: 'creditcard', label: 'Visa •••• 4242', bundle: 2, country: 'NL' };
    const payment = addMockPayment(state, { state: 'pending', recurring: true, method: 'creditcard' });
    state.sandbox.tr_sbx_charge0002 = { payment: payment.id, status: 'pending', sequence: 'recurring' };
    renderWithProviders(<SandboxCheckout id="tr_sbx_charge0002" />, { user: payer });
    expect(await screen.findByText(/The amount goes to your stored payment method/)).toBeInTheDocument();
    expect(screen.getByText('Charged to').nextElementSibling).toHaveTextContent('Visa •••• 4242');
    expect(screen.queryByRole('checkbox', { name: 'Decline later repeat payments on this card' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Paid' }));
    await waitFor(() => expect(leave.to).toEqual([`/transactions/${payment.id}`]));
    expect(state.payments.find((p) => p.id === payment.id)?.state).toBe('completed');
  });

  it('shows the amount and lets the payer pick the outcome, then goes back', async () => {
    renderWithProviders(<Checkout bundle={1} method="creditcard" country="NL" code={null} />, {
      user: payer,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay €24.95' }));
    await waitFor(() => expect(leave.to).toHaveLength(1));
    const providerId = (leave.to[0] ?? '').split('/').pop() ?? '';
    leave.to = [];

    renderWithProviders(<SandboxCheckout id={providerId} />);
    expect(await screen.findByText('Test payment service')).toBeInTheDocument();
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Decline later repeat payments on this card' }),
    );
    expect(document.querySelector('.sandbox-amount')).toHaveTextContent('€24.95');
    await userEvent.click(screen.getByRole('button', { name: 'Paid' }));
    await waitFor(() => expect(leave.to).toEqual([`/transactions/${state.payments[0]?.id}`]));
    expect(state.payments[0]?.state).toBe('completed');
    expect(state.declineRepeats).toBe(true);
  });
});

describe('premium and pricing', () => {
  it('shows a free member what premium brings and the way in: any bundle', () => {
    renderWithProviders(<PremiumOverview />, { user: payer });
    expect(screen.getByRole('heading', { level: 1, name: 'Premium' })).toBeInTheDocument();
    expect(screen.getByText('46% higher chance to match')).toBeInTheDocument();
    expect(screen.getByText('Up to 25 photos')).toBeInTheDocument();
    expect(screen.getByText('Show yourself with up to 25 photos instead of 3.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Premium' })).toHaveAttribute('href', '/credits');
    expect(screen.queryByText('You are premium')).toBeNull();
  });

  it('tells a paying member they are premium', () => {
    renderWithProviders(<PremiumOverview />, { user: buildUser({ paid_user: true, credits: 0 }) });
    expect(screen.getByText('You are premium')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/credits');
  });

  it('shows visitors the prices of messages, photos and gifts, and bundles that lead to signup', async () => {
    renderWithProviders(<Pricing />, { user: null });
    expect(await screen.findByText('Sending a message')).toBeInTheDocument();
    const costs = screen.getByRole('region', { name: 'What things cost' });
    expect(costs).toHaveTextContent('Sending a message10 credits');
    expect(costs).toHaveTextContent('Sending a photo20 credits');
    const bundles = screen.getByRole('list', { name: 'Credit bundles' });
    expect(within(bundles).getByRole('link', { name: 'Sign up and buy 100 credits' })).toHaveAttribute(
      'href',
      '/signup',
    );
  });
});

describe('credit history', () => {
  it('lists every change of the credits with a readable label, and loads again when the credits change', async () => {
    state.ledger = [
      { id: 3, delta: 25, reason: 'operator_correction', created: '2026-05-03T10:00:00.000Z' },
      { id: 2, delta: -10, reason: 'message', created: '2026-05-02T10:00:00.000Z' },
      { id: 1, delta: 30, reason: 'signup_bonus', created: '2026-05-01T10:00:00.000Z' },
    ];
    const { queryClient } = renderWithProviders(<CreditHistory />, { user: buildUser({ credits: 45 }) });
    const list = await screen.findByRole('list', { name: 'Your credit history' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Correction by customer service.*\+25$/),
      expect.stringMatching(/^Message sent.*-10$/),
      expect.stringMatching(/^Welcome credits.*\+30$/),
    ]);
    expect(screen.getByText('You have 45 credits now.')).toBeInTheDocument();

    state.ledger = [
      { id: 4, delta: -45, reason: 'refund', created: '2026-05-04T10:00:00.000Z' },
      ...state.ledger,
    ];
    act(() => applyServerEvent(cacheUpdates(queryClient), { type: 'credits-changed', credits: 0 }));
    expect(await screen.findByText('Refund')).toBeInTheDocument();
  });

  it('says so when nothing changed yet', async () => {
    renderWithProviders(<CreditHistory />, { user: payer });
    expect(await screen.findByText('No changes to your credits yet.')).toBeInTheDocument();
  });
});

describe('navigation', () => {
  it('shows paying members their credits with the badge colour of the balance', () => {
    const { rerender, queryClient } = renderWithProviders(
      <TopNav counts={{ unreadMessages: 0, newLikes: 0 }} />,
      {
        user: buildUser({ paid_user: true, credits: 0 }),
      },
    );
    const credits = () => screen.getByRole('link', { name: /Credits/ });
    expect(credits()).toHaveAttribute('href', '/credits');
    expect(credits().querySelector('.badge')).toHaveClass('text-bg-danger');
    act(() => {
      queryClient.setQueryData(queryKeys.user, buildUser({ paid_user: true, credits: 7 }));
    });
    rerender(<TopNav counts={{ unreadMessages: 0, newLikes: 0 }} />);
    expect(credits().querySelector('.badge')).toHaveClass('text-bg-warning');
    act(() => {
      queryClient.setQueryData(queryKeys.user, buildUser({ paid_user: true, credits: 50 }));
    });
    rerender(<TopNav counts={{ unreadMessages: 0, newLikes: 0 }} />);
    expect(credits().querySelector('.badge')).toBeNull();
  });

  it('offers Get Premium to members who never paid', () => {
    renderWithProviders(<TopNav counts={{ unreadMessages: 0, newLikes: 0 }} />, { user: payer });
    expect(screen.getByRole('link', { name: 'Get Premium' })).toHaveAttribute('href', '/premium');
  });
});
