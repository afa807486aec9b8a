import 'server-only';
import type { CamSource, PartnerCam } from './cam-source';

/** The demonstration partner's link: every traffic-source value goes along as the parameter of its name. */
const DEMO_LINK = 'https://cams.example/{id}?network={network}&ref={ref}&sub1={sub1}&sub2={sub2}&sub3={sub3}';

/**
 * The catalogue shipped with the app: a demonstration partner (`cams.example`) with a dozen cam
 * profiles, each with an illustrated portrait drawn for it (public/cams, made by
 * scripts/cams/make-cam-portraits.ts from the portrait index given here). A real partner's feed
 * (CAMS_FEED_URL) replaces it.
 */
export const CATALOGUE_CAMS: readonly (Omit<PartnerCam, 'image' | 'link'> & { portrait: number })[] = [
  { id: 'aurora-nights', name: 'Aurora', age: 24, country: 'SE', portrait: 5006 },
  { id: 'carmen-luz', name: 'Carmen', age: 29, country: 'ES', portrait: 5000 },
  { id: 'giulia-rosa', name: 'Giulia', age: 26, country: 'IT', portrait: 5004 },
  { id: 'lena-blue', name: 'Lena', age: 31, country: 'DE', portrait: 5020 },
  { id: 'sanne-sunny', name: 'Sanne', age: 23, country: 'NL', portrait: 5030 },
  { id: 'maja-red', name: 'Maja', age: 27, country: 'PL', portrait: 5010 },
  { id: 'chloe-paris', name: 'Chloé', age: 25, country: 'FR', portrait: 5008 },
  { id: 'freja-dk', name: 'Freja', age: 22, country: 'DK', portrait: 5016 },
  { id: 'aino-north', name: 'Aino', age: 28, country: 'FI', portrait: 5014 },
  { id: 'ingrid-fjord', name: 'Ingrid', age: 33, country: 'NO', portrait: 5022 },
  { id: 'marco-live', name: 'Marco', age: 30, country: 'IT', portrait: 5005 },
  { id: 'lukas-berlin', name: 'Lukas', age: 27, country: 'DE', portrait: 5009 },
];

const CAMS: readonly PartnerCam[] = CATALOGUE_CAMS.map(({ portrait: _portrait, ...cam }) => ({
  ...cam,
  image: `/cams/${cam.id}.svg`,
  link: DEMO_LINK,
}));

/** The catalogue as a cam source. */
export class CatalogueCamSource implements CamSource {
  readonly name = 'catalogue';

  list(): Promise<readonly PartnerCam[]> {
    return Promise.resolve(CAMS);
  }
}
