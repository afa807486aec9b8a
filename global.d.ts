import type en from './messages/en.json';
import type consoleEn from './messages/operator/en.json';
import type { Locale } from './lib/shared/locales';

declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en & typeof consoleEn;
  }
}
