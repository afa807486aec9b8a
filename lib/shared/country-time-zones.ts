import type { CountryCode } from './constants';

/**
 * The time zone a served country's day runs in, for daily allowances (the swipe game's likes).
 * Countries spanning several zones take the zone most of their people live in: the US the East
 * Coast, Canada Toronto, Australia Sydney.
 */
export const COUNTRY_TIME_ZONES: Record<CountryCode, string> = {
  NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels',
  DE: 'Europe/Berlin',
  AT: 'Europe/Vienna',
  CH: 'Europe/Zurich',
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  US: 'America/New_York',
  CA: 'America/Toronto',
  AU: 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
  DK: 'Europe/Copenhagen',
  SE: 'Europe/Stockholm',
  NO: 'Europe/Oslo',
  FI: 'Europe/Helsinki',
  FR: 'Europe/Paris',
  ES: 'Europe/Madrid',
  IT: 'Europe/Rome',
  PL: 'Europe/Warsaw',
};

/** The time zone of a country's day; UTC for a country the product does not serve. */
export function timeZoneOfCountry(country: string): string {
  return (COUNTRY_TIME_ZONES as Record<string, string | undefined>)[country] ?? 'UTC';
}
