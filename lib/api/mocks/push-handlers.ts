import { http, HttpResponse } from 'msw';
import { PushRegistrationSchema, PushRemovalSchema } from '@/lib/shared/schemas/push';
import { apiError } from './api-error';

/** The browsers registered for push with the mocked API, by endpoint. */
export interface MockPushState {
  subscriptions: Map<string, { p256dh: string; auth: string }>;
}

export const createMockPushState = (): MockPushState => ({ subscriptions: new Map() });

const isPushCall = (request: Request) => new URL(request.url).searchParams.get('push') === '1';

/**
 * `POST` and `DELETE /api/user.php?push=1` of the mocked API (spec §7). Calls without the flag go
 * on to the other handlers (POST user.php without it is the login), so these come before them.
 */
export function createPushHandlers(state: MockPushState = createMockPushState()) {
  return [
    http.post('*/api/user.php', async ({ request }) => {
      if (!isPushCall(request)) return undefined;
      const input = PushRegistrationSchema.safeParse(await request.json().catch(() => null));
      if (!input.success) return apiError('validation_failed');
      state.subscriptions.set(input.data.subscription.endpoint, input.data.subscription.keys);
      return HttpResponse.json({ ok: true }, { status: 201 });
    }),
    http.delete('*/api/user.php', async ({ request }) => {
      if (!isPushCall(request)) return undefined;
      const input = PushRemovalSchema.safeParse(await request.json().catch(() => null));
      if (!input.success) return apiError('validation_failed');
      state.subscriptions.delete(input.data.endpoint);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
