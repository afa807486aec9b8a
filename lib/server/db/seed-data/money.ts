import { DEFAULT_SITE } from './site';

/**
 * The bundles on sale at first start, per served country in its currency: four sizes priced from
 * the country's minimum message cost (the largest bundle reaches it), the third marked best value.
 * Operators change them later; the seed only fills an empty table.
 */
const EURO_BUNDLES = [
  { credits: 100, euros: 24.95 },
  { credits: 250, euros: 54.95 },
  { credits: 500, euros: 104.95, bestValue: true },
  { credits: 1000, euros: 199.0 },
] as const;

/** One euro's worth in the country's currency, from its minimum message cost (1.99 in euro countries). */
function rateOf(country: string): number {
  const cost = DEFAULT_SITE.minimumMessageCosts[country];
  if (!cost) throw new Error(`No minimum message cost for ${country}`);
  return cost.costs / 1.99;
}

/** A price ending in .95 or .00 like the euro prices, in minor units. */
function localPrice(euros: number, rate: number): number {
  const local = euros * rate;
  const whole = Math.floor(local);
  const cents = local - whole;
  return cents < 0.5 ? whole * 100 - 5 : whole * 100 + 95;
}

export const SEED_BUNDLES = Object.entries(DEFAULT_SITE.minimumMessageCosts).flatMap(
  ([country, { currency }]) =>
    EURO_BUNDLES.map((bundle, position) => ({
      country,
      currency,
      credits: bundle.credits,
      amountMinor:
        currency === 'EUR' ? Math.round(bundle.euros * 100) : localPrice(bundle.euros, rateOf(country)),
      bestValue: 'bestValue' in bundle && bundle.bestValue,
      position,
    })),
);

/** The time bonus (spec §9), the welcome code the banner offers, and a general code. */
export const SEED_DISCOUNT_CODES = [
  {
    code: 'TIMEBONUS25',
    valuePercentage: 25,
    validity: 'once_per_user' as const,
    status: 'active' as const,
  },
  {
    code: 'WELCOME25',
    valuePercentage: 25,
    validity: 'once_per_user' as const,
    status: 'active' as const,
    welcome: true,
    welcomeHours: 72,
  },
  {
    code: 'LOVELANE10',
    valuePercentage: 10,
    validity: 'unlimited' as const,
    status: 'active' as const,
  },
];
