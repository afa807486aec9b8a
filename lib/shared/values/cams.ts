import { LANDERS, MEMBER_LANDINGS } from './landers';

/** Where promoted partner cams are shown: the member search, or a lander (by its name). */
export const CAM_PLACEMENTS = ['search', ...LANDERS, ...MEMBER_LANDINGS] as const;
export type CamPlacement = (typeof CAM_PLACEMENTS)[number];

/** The address through which a promoted cam's link leaves the site (the click is counted there). */
export const CAM_OUT_PATH = '/api/cams/out.php';

/** A cam's id as partners give them: letters, digits, hyphens and underscores. */
export const CAM_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A promoted partner cam as pages show it: clearly an advertisement, linking out through the site. */
export interface PromotedCamCard {
  id: string;
  name: string;
  age: number;
  /** ISO country code. */
  country: string;
  /** The picture's address (the app's own, or the partner's https one). */
  image: string;
  /** The link through the site to the partner (`CAM_OUT_PATH?id=…&from=…`). */
  href: string;
}
