/** Request header through which proxy.ts hands the resolved locale to rendering. */
export const LOCALE_HEADER = 'x-app-locale';

/** Request header through which proxy.ts hands the page's time zone to rendering (see pageTimeZone). */
export const TIME_ZONE_HEADER = 'x-app-time-zone';
