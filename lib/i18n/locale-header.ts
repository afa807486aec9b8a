/** Request header through which proxy.ts hands the resolved locale to rendering. */
export const LOCALE_HEADER = 'x-app-locale';
