import type { Locale } from '@/lib/shared/locales';
import type { SessionUser } from '../auth/sessions';

/** The member a request acts for, from the session cookie. */
export type Viewer = SessionUser;

/** Variables every API handler can read from the Hono context. */
export interface ApiEnv {
  Variables: {
    locale: Locale;
    viewer: Viewer | null;
  };
}
