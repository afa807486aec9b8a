import { notFound } from 'next/navigation';

/**
 * Any address no route matches: the 404 page of the default layout, with its navigation (the root's
 * own 404 stays bare, as every page of every layout loads it).
 */
export default function MissingPage(): never {
  notFound();
}
