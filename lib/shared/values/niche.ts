/**
 * The site's niche (setting `niche`, 1–7): which members a lander puts in front of a visitor.
 * 1 everyone; 2 women; 3 men; 4 mature (40 and older); 5 young (18 to 30); 6 gay men; 7 lesbian women.
 */
export interface NicheAudience {
  gender?: 'male' | 'female';
  sexuality?: 'gay' | 'lesbian';
  minAge?: number;
  maxAge?: number;
}

export const NICHE_AUDIENCES: Record<number, NicheAudience> = {
  1: {},
  2: { gender: 'female' },
  3: { gender: 'male' },
  4: { minAge: 40 },
  5: { maxAge: 30 },
  6: { gender: 'male', sexuality: 'gay' },
  7: { gender: 'female', sexuality: 'lesbian' },
};

/** The audience of a niche; an unknown niche is everyone. */
export function nicheAudience(niche: number): NicheAudience {
  return NICHE_AUDIENCES[niche] ?? {};
}
