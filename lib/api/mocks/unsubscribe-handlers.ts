import { http, HttpResponse } from 'msw';
import type { NotificationKind } from '@/lib/shared/values/notifications';
import { apiError } from './api-error';

/** Tokens of the mocked unsubscribe links, by the kind they stop; any other token is not genuine. */
export const MOCK_UNSUBSCRIBE_TOKENS: Partial<Record<NotificationKind, string>> = {
  new_messages: 'u1.1.new_messages.mock-signature-new-messages-000000000000000',
  news: 'u1.1.news.mock-signature-news-0000000000000000000000000000000',
};

/** `POST /api/webhooks/unsubscribe.php?token=…` as the real API answers it; `calls` counts the posts. */
export function createUnsubscribeHandlers(calls: { count: number } = { count: 0 }) {
  return [
    http.post('*/api/webhooks/unsubscribe.php', ({ request }) => {
      calls.count += 1;
      const token = new URL(request.url).searchParams.get('token') ?? '';
      const kind = (Object.keys(MOCK_UNSUBSCRIBE_TOKENS) as NotificationKind[]).find(
        (k) => MOCK_UNSUBSCRIBE_TOKENS[k] === token,
      );
      if (!kind) return apiError('link_invalid');
      return HttpResponse.json({ unsubscribed: true, kind });
    }),
  ];
}
