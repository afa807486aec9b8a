import { http, HttpResponse } from 'msw';
import { apiError } from './api-error';
import type { User } from '@/lib/shared/schemas/user';
import { mockCompany, mockInterests, mockRegions, mockSettings, mockUser } from './fixtures';

/**
 * What the mocked API does:
 * - `visitor`: nobody is logged in;
 * - `member`: a logged-in paying member;
 * - `session-expired`: logged in, but the next call other than user.php says `authentication_required`;
 * - `flaky`: companyinfo.php fails twice with 503 before it answers.
 */
export type MockScenario = 'visitor' | 'member' | 'session-expired' | 'flaky';

const authRequired = () => apiError('authentication_required', { message: 'Please log in to continue.' });

/** `getUser`: the logged-in member as the other mocks changed them (notification choices). */
export function createHandlers(getScenario: () => MockScenario, getUser: () => User = () => mockUser) {
  let loggedOut = false;
  let companyCalls = 0;
  return [
    http.get('*/api/settings.php', () => HttpResponse.json(mockSettings)),
    http.get('*/api/user.php', () => {
      const scenario = getScenario();
      if (loggedOut || scenario === 'visitor' || scenario === 'flaky') return authRequired();
      return HttpResponse.json({ user: getUser() });
    }),
    http.put('*/api/user.php', () => HttpResponse.json({ user: getUser() })),
    http.post('*/api/logout.php', () => {
      loggedOut = true;
      return HttpResponse.json({ ok: true });
    }),
    http.get('*/api/companyinfo.php', () => {
      const scenario = getScenario();
      if (scenario === 'session-expired' && !loggedOut) return authRequired();
      if (scenario === 'flaky') {
        companyCalls += 1;
        if (companyCalls <= 2) {
          return apiError('internal_error', { status: 503, message: 'Unavailable' });
        }
      }
      return HttpResponse.json(mockCompany);
    }),
    // Nobody liked anybody yet (the member handlers keep real likes).
    http.get('*/api/likes.php', () => {
      const scenario = getScenario();
      if (loggedOut || scenario === 'visitor' || scenario === 'flaky') return authRequired();
      return HttpResponse.json({ profiles: [], liked_by: [], num_new_likes: 0 });
    }),
    http.get('*/api/regions.php', () => HttpResponse.json(mockRegions)),
    http.get('*/api/interests.php', () => HttpResponse.json(mockInterests)),
    http.post('*/api/page-hidden.php', () => new HttpResponse(null, { status: 204 })),
    http.post('*/api/funnel.php', () => new HttpResponse(null, { status: 204 })),
  ];
}
