import 'server-only';

/** A gift members can send: its id (stable, stored with each gift message) and its picture's address. */
export interface CatalogueGift {
  id: string;
  image: string;
}

const GIFTS: readonly CatalogueGift[] = [];

/** The gift with this id, or null when the catalogue has none. */
export function findGift(id: string): CatalogueGift | null {
  return GIFTS.find((gift) => gift.id === id) ?? null;
}
