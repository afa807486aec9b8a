/** How many minor units make one major unit of a currency (100 for EUR, 1 for JPY). */
function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** An amount in minor units, written in the currency the way the reader's language writes money. */
export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  const digits = minorDigits(currency);
  const major = amountMinor / 10 ** digits;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(major);
  } catch {
    return `${major.toFixed(digits)} ${currency}`;
  }
}

/** The price of one credit, with enough digits to tell bundles apart (at least the currency's own). */
export function formatPerCredit(
  amountMinor: number,
  credits: number,
  currency: string,
  locale: string,
): string {
  const digits = minorDigits(currency);
  const major = amountMinor / 10 ** digits / Math.max(1, credits);
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: Math.max(digits, 3),
    }).format(major);
  } catch {
    return `${major.toFixed(3)} ${currency}`;
  }
}

/**
 * A date and time of a payment, in the reader's language and time zone (the page's: `useTimeZone()`,
 * so the server's render and the browser's agree).
 */
export function formatWhen(iso: string, locale: string, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}
