import { http, HttpResponse } from 'msw';
import { NotificationSettingsUpdateSchema } from '@/lib/shared/schemas/notifications';
import { PushOfferDismissalSchema, type User } from '@/lib/shared/schemas/user';
import { DISABLED_NOTIFICATION_ENTRIES } from '@/lib/shared/values/notifications';
import { apiError } from './api-error';
import { mockUser } from './fixtures';

/** What the mocked notification endpoint remembers; tests may change it to reach each state. */
export interface MockNotificationsState {
  notificationsDisabled: string[];
  emailStopped: User['email_notifications_stopped'];
  /** When the suggestion to turn push on was closed (`POST /api/push-offer.php`), or null. */
  pushOfferDismissedAt: string | null;
  /** The next saves fail with 503 (after the client's retries), as a server that is down would. */
  isFailing: boolean;
  /** Bodies received, for tests to check what was sent. */
  updates: unknown[];
}

export function createMockNotificationsState(): MockNotificationsState {
  return {
    notificationsDisabled: [],
    emailStopped: null,
    pushOfferDismissedAt: null,
    isFailing: false,
    updates: [],
  };
}

/** The mocked member (`mockUser`) with the notification choices of `state`. */
export function mockUserWithNotifications(state: MockNotificationsState): User {
  return {
    ...mockUser,
    notifications_disabled: [...state.notificationsDisabled],
    email_notifications_stopped: state.emailStopped,
    push_offer_dismissed_at: state.pushOfferDismissedAt,
  };
}

/**
 * `PUT /api/notifications.php` of the mocked API: validated by the real schema, kept in `state`;
 * `authentication_required` while nobody is logged in.
 */
export function createNotificationHandlers(
  state: MockNotificationsState = createMockNotificationsState(),
  isLoggedIn: () => boolean = () => true,
) {
  return [
    http.post('*/api/push-offer.php', async ({ request }) => {
      if (!isLoggedIn()) return apiError('authentication_required');
      const input = PushOfferDismissalSchema.safeParse(await request.json().catch(() => null));
      if (!input.success) return apiError('validation_failed');
      state.pushOfferDismissedAt ??= new Date().toISOString();
      return new HttpResponse(null, { status: 204 });
    }),
    http.put('*/api/notifications.php', async ({ request }) => {
      if (!isLoggedIn()) return apiError('authentication_required');
      const body: unknown = await request.json().catch(() => null);
      state.updates.push(body);
      if (state.isFailing) return apiError('service_unavailable', { status: 503 });
      const input = NotificationSettingsUpdateSchema.safeParse(body);
      if (!input.success) return apiError('validation_failed');
      state.notificationsDisabled = DISABLED_NOTIFICATION_ENTRIES.filter((entry) =>
        input.data.notifications_disabled.includes(entry),
      );
      if (input.data.resume_email) state.emailStopped = null;
      return HttpResponse.json({ user: mockUserWithNotifications(state) });
    }),
  ];
}
