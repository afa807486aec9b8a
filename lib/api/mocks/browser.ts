import { setupWorker } from 'msw/browser';
import { createAccountHandlers } from './account-handlers';
import { createAuthHandlers } from './auth-handlers';
import { createChatExtrasHandlers } from './chat-extras-handlers';
import { addMockConversation, createChatHandlers, createMockChatState } from './chat-handlers';
import { createComplaintHandlers } from './complaint-handlers';
import { createDiscountHandlers } from './discount-handlers';
import { createGeoHandlers } from './geo-handlers';
import { createHandlers, type MockScenario } from './handlers';
import { addMockPayment, createMockPaymentsState, createPaymentHandlers } from './payments';
import { createMatchFinderHandlers } from './match-finder-handlers';
import {
  createMockNotificationsState,
  createNotificationHandlers,
  mockUserWithNotifications,
} from './notification-handlers';
import { createMemberHandlers, createMockMembersState } from './member-handlers';
import { createPasskeyHandlers } from './passkey-handlers';
import { createProfileHandlers } from './profile-handlers';
import { createPushHandlers } from './push-handlers';
import { createUnsubscribeHandlers } from './unsubscribe-handlers';

const SCENARIOS: readonly MockScenario[] = ['visitor', 'member', 'session-expired', 'flaky'];

/** The scenario QA picked, kept in localStorage (`msw-scenario`); `visitor` by default. */
function currentScenario(): MockScenario {
  const stored = window.localStorage.getItem('msw-scenario');
  return SCENARIOS.find((s) => s === stored) ?? 'visitor';
}

/** Starts the mocked `.php` API in the browser (QA mode). */
export async function startMockWorker(): Promise<void> {
  const members = createMockMembersState();
  // Every third member is photo verified, so QA sees the badge and the verified-only filters work.
  members.members = members.members.map((member, i) => ({ ...member, verified: i % 3 === 0 }));
  const chats = createMockChatState();
  addMockConversation(chats, 1, { count: 6, unread: 2 });
  addMockConversation(chats, 2, { count: 3, partner: { fictional: true } });
  const payments = createMockPaymentsState();
  addMockPayment(payments, {
    state: 'completed',
    method: 'creditcard',
    discount_code: 'LOVELANE10',
    discount_percentage: 10,
    amount: 4946,
  });
  payments.mandate = { method: 'creditcard', label: 'Visa •••• 4242', bundle: 2, country: 'NL' };
  const notifications = createMockNotificationsState();
  const worker = setupWorker(
    // The welcome code and the time bonus first; other codes fall through to the payments' mock.
    ...createDiscountHandlers(),
    ...createPaymentHandlers(payments),
    ...createAccountHandlers(),
    ...createPasskeyHandlers(),
    // Push registration first: POST user.php without its flag is the login.
    ...createPushHandlers(),
    ...createAuthHandlers(),
    ...createProfileHandlers(),
    ...createMemberHandlers(members),
    ...createChatHandlers(chats),
    ...createMatchFinderHandlers(members),
    ...createChatExtrasHandlers(),
    ...createGeoHandlers(),
    ...createUnsubscribeHandlers(),
    ...createComplaintHandlers(undefined, () => currentScenario() !== 'visitor'),
    ...createNotificationHandlers(notifications, () => currentScenario() !== 'visitor'),
    ...createHandlers(currentScenario, () => mockUserWithNotifications(notifications)),
  );
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
}
