import { describe, expect, it } from 'vitest';
import {
  campaignPlace,
  campaignSlug,
  CAMPAIGN_SLUG_MAX,
  FUNNEL_LANDERS,
  isFunnelLander,
  livesIn,
} from '@/lib/shared/values/landers';
import { nicheAudience } from '@/lib/shared/values/niche';

describe('campaignSlug', () => {
  it('turns a city, niche or wording into headline words', () => {
    expect(campaignSlug('amsterdam')).toEqual({ slug: 'amsterdam', words: 'Amsterdam' });
    expect(campaignSlug('den-haag')).toEqual({ slug: 'den-haag', words: 'Den Haag' });
    expect(campaignSlug('Mature_Singles')).toEqual({ slug: 'mature_singles', words: 'Mature Singles' });
    expect(campaignSlug(encodeURIComponent('zürich'))).toEqual({ slug: 'zürich', words: 'Zürich' });
  });

  it('drops what it cannot use, so the lander still renders without it', () => {
    expect(campaignSlug(undefined)).toBeNull();
    expect(campaignSlug('')).toBeNull();
    expect(campaignSlug('%E0%A4%A')).toBeNull();
    expect(campaignSlug('<script>')).toBeNull();
    expect(campaignSlug('a b')).toBeNull();
    expect(campaignSlug('---')).toBeNull();
    expect(campaignSlug('x'.repeat(CAMPAIGN_SLUG_MAX))).not.toBeNull();
    expect(campaignSlug('x'.repeat(CAMPAIGN_SLUG_MAX + 1))).toBeNull();
  });
});

describe('funnel landers', () => {
  it('are the nine landers and the four member landings', () => {
    expect(FUNNEL_LANDERS).toHaveLength(13);
    expect(isFunnelLander('gallery')).toBe(true);
    expect(isFunnelLander('member-landing3')).toBe(true);
    expect(isFunnelLander('members')).toBe(false);
    expect(isFunnelLander(undefined)).toBe(false);
  });
});

describe('nicheAudience', () => {
  it('maps the seven niches, and anything else to everyone', () => {
    expect(nicheAudience(1)).toEqual({});
    expect(nicheAudience(2)).toEqual({ gender: 'female' });
    expect(nicheAudience(4)).toEqual({ minAge: 40 });
    expect(nicheAudience(6)).toEqual({ gender: 'male', sexuality: 'gay' });
    expect(nicheAudience(99)).toEqual({});
  });
});

describe('campaignPlace', () => {
  const amsterdam = { city: 'Amsterdam', region: 'Noord-Holland' };
  const zuidHolland = { city: null, region: 'Zuid-Holland' };
  const members = [amsterdam, zuidHolland];
  it('names the town or region as the profiles spell it, however the campaign writes it', () => {
    expect(campaignPlace('Noord Holland', members)).toBe('Noord-Holland');
    expect(campaignPlace('AMSTERDAM', members)).toBe('Amsterdam');
    expect(livesIn(zuidHolland, 'zuid holland')).toBe(true);
  });
  it('names no place where no member lives', () => {
    expect(campaignPlace('Berlin', members)).toBeNull();
    expect(livesIn(amsterdam, 'Utrecht')).toBe(false);
  });
});
