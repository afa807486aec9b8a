import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { BundlesResponse } from '@/lib/shared/schemas/payments';
import type { Locale } from '@/lib/shared/locales';
import { getDb } from '../db/client';
import { creditBundles } from '../db/schema/payments';
import { getSettings } from '../settings/get-settings';
import { getPaymentAccount } from './payment-accounts';

/**
 * The bundles on sale in a payment country (GET /api/bundles.php). The country: the one asked,
 * else the member's remembered payment country, else the visitor's geo-IP country, else the site's
 * default; always one of the site's countries that has bundles.
 */
export async function listBundles(options: {
  host: string | null;
  locale: Locale;
  viewerId: number | null;
  country?: string;
  geoipCountry?: string | null;
}): Promise<BundlesResponse> {
  const db = await getDb();
  const settings = await getSettings({
    host: options.host,
    locale: options.locale,
    geoipCountry: options.geoipCountry,
  });
  const onSale = await db
    .select()
    .from(creditBundles)
    .where(eq(creditBundles.active, true))
    .orderBy(asc(creditBundles.country), asc(creditBundles.position), asc(creditBundles.id));
  const countries = settings.countries.filter((c) => onSale.some((b) => b.country === c));
  const remembered = options.viewerId
    ? (await getPaymentAccount(db, options.viewerId))?.paymentCountry
    : null;
  const candidates = [options.country, remembered, settings.geoip_country, settings.geoip_selected_country];
  const country =
    candidates.find((c): c is string => !!c && countries.includes(c)) ??
    countries[0] ??
    settings.geoip_selected_country;
  const bundles = onSale.filter((b) => b.country === country);
  return {
    country,
    currency: bundles[0]?.currency ?? settings.minimum_message_costs[country]?.currency ?? 'EUR',
    countries,
    bundles: bundles.map((b) => ({
      id: b.id,
      credits: b.credits,
      amount: b.amountMinor,
      currency: b.currency,
      best_value: b.bestValue,
    })),
    refund_days: settings.refund_days,
    prices: { message: settings.message_credits, photo: settings.photo_credits, gift: settings.gift_credits },
  };
}
