import 'server-only';
import type { Locale } from '@/lib/shared/locales';
import type { MailContent } from './mail-template';

/** A mail with every text translated and filled in, ready to be laid out. */
export interface MailDocument {
  locale: Locale;
  siteName: string;
  content: MailContent;
  /** The button written out for plain text: its label and the link. */
  textAction: string | null;
  /** Shown under the button in HTML, above the link written out. */
  buttonFallback: string;
  /** Closing lines, separated by line breaks. */
  signature: string;
  /** Company, registration and contact lines. */
  footer: readonly string[];
}
