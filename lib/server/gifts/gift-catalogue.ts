import 'server-only';

/** A gift members can send: its id (stable, stored with each gift message) and its picture's address. */
export interface CatalogueGift {
  id: string;
  image: string;
}

/**
 * The gifts in the order the picker shows them. Each has a picture in public/gifts (drawn by
 * scripts/gifts/make-gift-art.mjs) and a name under `Gifts.names` in every message file.
 */
export const GIFT_IDS = [
  'rose',
  'heart',
  'kiss',
  'bouquet',
  'chocolates',
  'champagne',
  'teddy-bear',
  'ring',
  'coffee',
  'cocktail',
  'cake',
  'star',
  'sunflower',
  'balloon',
  'perfume',
  'ice-cream',
  'cupcake',
  'love-letter',
  'gift-box',
  'red-wine',
  'strawberry',
  'candle',
  'macarons',
  'crown',
] as const;
export type GiftId = (typeof GIFT_IDS)[number];

const GIFTS: readonly CatalogueGift[] = GIFT_IDS.map((id) => ({ id, image: `/gifts/${id}.svg` }));

/** Every gift of the catalogue, in display order. */
export function listCatalogueGifts(): readonly CatalogueGift[] {
  return GIFTS;
}

/** The gift with this id, or null when the catalogue has none. */
export function findGift(id: string): CatalogueGift | null {
  return GIFTS.find((gift) => gift.id === id) ?? null;
}
