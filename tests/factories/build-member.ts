import type { MemberCard, MemberDetail } from '@/lib/shared/schemas/members';

/** A blurred preview as the server sends it for a locked photo (a 1 × 1 WebP). */
export const BLURRED_PREVIEW =
  'data:image/webp;base64,UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=';

/** A member as a search card shows them; `id` also picks a stable name, age and gender. */
export function buildMemberCard(id: number, overrides: Partial<MemberCard> = {}): MemberCard {
  return {
    id,
    name: `Member${id}`,
    age: 20 + (id % 40),
    gender: id % 2 ? 'female' : 'male',
    country: 'NL',
    region: 'Noord-Holland',
    city: 'Haarlem',
    fictional: false,
    verified: false,
    online: id % 3 === 0,
    main_image: { filename: `p/m/${id}.jpg`, thumb_filename: `p/m/${id}_t.jpg`, status: 'active' },
    ...overrides,
  };
}

/** A member as their page shows them: the card's fields, profile choices and photos. */
export function buildMemberDetail(card: MemberCard, overrides: Partial<MemberDetail> = {}): MemberDetail {
  return {
    ...card,
    sexuality: 'hetero',
    region_id: 1,
    hair_color: 'brown',
    eye_color: 'blue',
    body_type: null,
    relationship_status: 'single',
    tattoos: null,
    interests: [1],
    photos: [
      ...(card.main_image ? [{ locked: false as const, id: card.id * 10, image: card.main_image }] : []),
      { locked: true, id: card.id * 10 + 1, reason: 'premium', preview: BLURRED_PREVIEW },
    ],
    blocked_by_viewer: false,
    liked_by_viewer: false,
    likes_viewer: false,
    match: false,
    ...overrides,
  };
}
