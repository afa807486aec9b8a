import type { AbstractIntlMessages } from 'next-intl';
import type { Locale } from '@/lib/shared/locales';
import type { CompanyInfo } from '@/lib/shared/schemas/reference';
import type { Settings } from '@/lib/shared/schemas/settings';

/** What the lander layout needs of the request (components/lander/lander-layout.tsx). */
export interface LanderFrame {
  locale: Locale;
  messages: AbstractIntlMessages;
  settings: Settings;
  company: CompanyInfo;
  /** The languages of the visitor's country, for the language menu (spec §2). */
  languages: { code: Locale; name: string }[];
  theme: 'light' | 'dark' | null;
  isMember: boolean;
  showEntryWarning: boolean;
  /** A test site (payments on the sandbox, ALLOW_SANDBOX_PAYMENTS=1): its notice tops the page. */
  isTestSite: boolean;
  /** The request's script nonce (proxy.ts), for the page's own small scripts. */
  nonce: string | null;
}

/** A lander's props: the frame, and the page's own data, or the lander 404 (`notFound`). */
export type LanderProps<Data> = { frame: LanderFrame } & ({ notFound: true } | ({ notFound?: false } & Data));
