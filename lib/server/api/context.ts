import type { Locale } from '@/lib/shared/locales';

/** The member a request acts for; filled by the session middleware once accounts exist. */
export interface Viewer {
  userId: number;
}

/** Variables every API handler can read from the Hono context. */
export interface ApiEnv {
  Variables: {
    locale: Locale;
    viewer: Viewer | null;
  };
}
