import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { navigation } from '../helpers/next-navigation';
import { DirectDebitForm } from '@/components/discounts/direct-debit-form';
import {
  createDiscountHandlers,
  createMockDiscountState,
  type MockDiscountState,
} from '@/lib/api/mocks/discount-handlers';
import { createHandlers } from '@/lib/api/mocks/handlers';
import { buildUser } from '../factories/build-user';
import { renderWithProviders } from '../helpers/render';

let state: MockDiscountState;
const server = setupServer();
const bundles = () =>
  http.get('*/api/bundles.php', () =>
    HttpResponse.json({
      country: 'NL',
      currency: 'EUR',
      countries: ['NL'],
      bundles: [{ id: 3, credits: 100, amount: 1999, currency: 'EUR', best_value: true }],
      refund_days: 14,
      prices: { message: 10, photo: 5, gift: 20 },
    }),
  );
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = createMockDiscountState();
  navigation.router.push.mockReset();
  server.resetHandlers(bundles(), ...createDiscountHandlers(state), ...createHandlers(() => 'member'));
});
afterAll(() => server.close());

const renderForm = () =>
  renderWithProviders(<DirectDebitForm bundle={3} country="NL" />, {
    user: buildUser({ credits: 0, paid_user: false }),
  });

async function fill(values: Partial<Record<string, string>> = {}) {
  const user = userEvent.setup();
  const typed = {
    'Account holder': 'Jan de Vries',
    IBAN: 'NL91 ABNA 0417 1643 00',
    Street: 'Keizersgracht',
    'House number': '12a',
    'Postal code': '1015 CX',
    City: 'Amsterdam',
    'Mobile number': '06 12345678',
    ...values,
  };
  for (const [label, value] of Object.entries(typed)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  return user;
}

describe('direct-debit form', () => {
  it('names the price and the company in the SEPA mandate, and asks for every field and the authorisation', async () => {
    renderForm();
    expect(await screen.findByTestId('direct-debit-summary')).toHaveTextContent('100 credits for €19.99');
    await waitFor(() =>
      expect(
        screen.getByLabelText(/I authorise QA Test Company B\.V\. to collect €19\.99 once/),
      ).toBeInTheDocument(),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send SMS code' }));
    for (const label of [
      'Account holder',
      'IBAN',
      'Street',
      'House number',
      'Postal code',
      'City',
      'Mobile number',
    ]) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(
        expect.stringContaining('Please fill in this field.'),
      );
    }
    expect(screen.getByLabelText('Account holder')).toHaveFocus();
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(
      'Please give the authorisation to continue.',
    );
    expect(state.requests.size).toBe(0);
  });

  it('shows the server’s error at the IBAN and keeps what was typed', async () => {
    renderForm();
    await screen.findByTestId('direct-debit-summary');
    const user = await fill({ IBAN: 'NL91 ABNA 0417 1643 01' });
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Send SMS code' }));
    const iban = await screen.findByLabelText('IBAN');
    await waitFor(() =>
      expect(iban).toHaveAccessibleDescription(expect.stringContaining('This IBAN is not valid.')),
    );
    expect(iban).toHaveFocus();
    expect(iban).toHaveValue('NL91 ABNA 0417 1643 01');
    expect(screen.getByLabelText('Account holder')).toHaveValue('Jan de Vries');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('06 12345678');
    expect(screen.getByRole('checkbox')).toBeChecked();
  });

  it('asks for the SMS code, counts wrong codes, then opens the payment', async () => {
    renderForm();
    await screen.findByTestId('direct-debit-summary');
    const user = await fill();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Send SMS code' }));
    const code = await screen.findByLabelText('SMS code');
    expect(code).toHaveFocus();
    expect(screen.getByText(/We sent a 6-digit code to \+••••••••678/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
    expect(screen.getByTestId('resend-in')).toHaveTextContent('You can ask for a new code in 30 s.');

    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    expect(code).toHaveAccessibleDescription('Enter the 6-digit code from the SMS.');

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('Code invalid. 4 attempts left.'));
    expect(navigation.router.push).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, state.smsCode);
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(navigation.router.push).toHaveBeenCalledWith('/transactions/900'));
  });

  it('says when the account is blocked for direct debit', async () => {
    state.directDebitBlocked = true;
    renderForm();
    await screen.findByTestId('direct-debit-summary');
    const user = await fill();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Send SMS code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account is blocked for direct debit payments.',
    );
    expect(screen.getByLabelText('IBAN')).toHaveValue('NL91 ABNA 0417 1643 00');
  });
});
