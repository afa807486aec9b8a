import { TERMS_VERSION_DATE } from './constants';

/** The terms' version date: 2023-12-01 12:00 UTC, or the company's `added` date when later. */
export function termsVersionDate(companyAdded: string | Date | null | undefined): Date {
  const base = new Date(TERMS_VERSION_DATE);
  if (!companyAdded) return base;
  const added = companyAdded instanceof Date ? companyAdded : new Date(companyAdded);
  return Number.isNaN(added.getTime()) || added <= base ? base : added;
}

/** The support phone as dialled: dashes and spaces removed. */
export function cleanPhone(phone: string): string {
  return phone.replace(/[\s-]+/g, '');
}
