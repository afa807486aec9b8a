import 'server-only';
import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/lib/shared/locales';
import { PASSKEY_NAME_LENGTH } from '@/lib/shared/schemas/passkeys';
import { SERVER_MESSAGES } from '../i18n/messages';

/**
 * Password managers and platform authenticators by their AAGUID (as the community list
 * passkeydeveloper/passkey-authenticator-aaguids names them): a passkey kept by one is named after
 * it, since that is where the member will look for it.
 */
const AUTHENTICATORS: Readonly<Record<string, string>> = {
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Google Password Manager',
  'adce0002-35bc-c60a-648b-0b25f1f05503': 'Chrome on Mac',
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'iCloud Keychain',
  'dd4ec289-e01d-41c9-bb89-70fa845d4bf2': 'iCloud Keychain',
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows Hello',
  '9ddd1817-af5a-4672-a2b9-3e3dd95000a9': 'Windows Hello',
  '6028b017-b1d4-4c02-b4b3-afcdafc96bb2': 'Windows Hello',
  'bada5566-a7aa-401f-bd96-45619a55120d': '1Password',
  'd548826e-79b4-db40-a3d8-11116f7e8349': 'Bitwarden',
  '531126d6-e717-415c-9320-3d9aa6981239': 'Dashlane',
  '53414d53-554e-4700-0000-000000000000': 'Samsung Pass',
  'b84e4048-15dc-4dd0-8640-f4f60813c8af': 'NordPass',
  '0ea242b4-43c4-4a1b-8b17-dd6d0b6baec6': 'Keeper',
  'fdb141b2-5d84-443e-8a35-4698c205a502': 'KeePassXC',
  '50726f74-6f6e-5061-7373-50726f746f6e': 'Proton Pass',
};

/** The browser of a user-agent string, by the marks browsers put in it (most specific first). */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOPiOS\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

/** The operating system or device of a user-agent string. */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const first = (list: readonly (readonly [RegExp, string])[], text: string) =>
  list.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/**
 * The name a new passkey gets until its owner renames it: the password manager or platform
 * authenticator that keeps it when its AAGUID says so, else the browser and system it was made on
 * ("Chrome on Android", in the owner's language), else a plain "Passkey".
 */
export function defaultPasskeyName(options: {
  aaguid: string;
  userAgent: string | null | undefined;
  locale: Locale;
}): string {
  const known = AUTHENTICATORS[options.aaguid.toLowerCase()];
  if (known) return known;
  const t = createTranslator({
    locale: options.locale,
    messages: SERVER_MESSAGES[options.locale],
    namespace: 'Passkeys',
  });
  const agent = options.userAgent ?? '';
  const browser = first(BROWSERS, agent);
  const system = first(SYSTEMS, agent);
  const name =
    browser && system
      ? t('defaultName', { browser, system })
      : (browser ?? system ?? t('defaultNameUnknown'));
  return name.slice(0, PASSKEY_NAME_LENGTH.max);
}
