import 'server-only';

/** A cam profile of a partner, as a cam source lists it. */
export interface PartnerCam {
  id: string;
  name: string;
  age: number;
  /** ISO country code. */
  country: string;
  /** The picture: a path of this site or an https address. */
  image: string;
  /**
   * The partner's link, with placeholders filled in when a visitor follows it: `{id}` and the
   * visitor's traffic source `{network}`, `{ref}`, `{sub1}`, `{sub2}`, `{sub3}` (empty when unknown;
   * query parameters left empty are dropped). Always https.
   */
  link: string;
}

/**
 * Where promoted cams come from: the catalogue shipped with the app, or a partner's feed. `list`
 * never fails: a source that cannot answer lists what it had, or nothing.
 */
export interface CamSource {
  readonly name: 'catalogue' | 'feed';
  list(): Promise<readonly PartnerCam[]>;
}
