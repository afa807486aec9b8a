import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findGift, GIFT_IDS } from '@/lib/server/gifts/gift-catalogue';
import { GiftsSchema } from '@/lib/shared/schemas/chat';
import { createMember } from '../factories/create-member';
import { apiClient, clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';

const db = withTestDatabase();

describe('gift catalogue', () => {
  it('lists every gift with its picture and the site’s price, named in the viewer’s language', async () => {
    const member = await createMember(db.handle().db);
    const english = await (await clientFor(member)).get('/api/gifts.php');
    expect(english.status).toBe(200);
    const gifts = GiftsSchema.strict().parse(english.json);
    expect(gifts.gifts.length).toBeGreaterThanOrEqual(24);
    expect(gifts.gift_credits).toBe(20);
    expect(gifts.gifts[0]).toEqual({ id: 'rose', name: 'Rose', image: '/gifts/rose.svg' });
    expect(gifts.gifts.find((gift) => gift.id === 'teddy-bear')?.name).toBe('Teddy bear');

    const de = GiftsSchema.parse(
      (await (await clientFor(member, { language: 'de' })).get('/api/gifts.php')).json,
    );
    expect(de.gifts.find((gift) => gift.id === 'teddy-bear')?.name).toBe('Teddybär');
    const pl = GiftsSchema.parse(
      (await (await clientFor(member, { language: 'pl' })).get('/api/gifts.php')).json,
    );
    expect(pl.gifts.find((gift) => gift.id === 'rose')?.name).toBe('Róża');
  });

  it('asks visitors to log in', async () => {
    const res = await apiClient().get('/api/gifts.php');
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('authentication_required');
  });

  it('has an animated picture that honours reduced motion for every gift, and finds gifts by id only', () => {
    for (const id of GIFT_IDS) {
      const svg = fs.readFileSync(path.join('public/gifts', `${id}.svg`), 'utf8');
      expect(svg, id).toMatch(/@keyframes/);
      expect(svg, id).toMatch(/prefers-reduced-motion/);
      expect(svg, id).not.toMatch(/<script|href="http/i);
    }
    const licence = fs.readFileSync('public/gifts/LICENSE.md', 'utf8');
    for (const id of GIFT_IDS) expect(licence).toContain(`${id}.svg`);
    expect(findGift('rose')).toEqual({ id: 'rose', image: '/gifts/rose.svg' });
    expect(findGift('../secret')).toBeNull();
    expect(findGift('')).toBeNull();
  });
});
