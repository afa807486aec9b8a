import 'server-only';
import type { Settings } from '@/lib/shared/schemas/settings';
import { CAM_OUT_PATH, type CamPlacement, type PromotedCamCard } from '@/lib/shared/values/cams';
import { getCamSource } from './get-cam-source';

/** How many promoted cams a row shows. */
export const PROMOTED_CAMS_SHOWN = 4;

/**
 * The promoted partner cams a page shows at `placement` (spec §1 "resold member cams"): none unless
 * the site's `member_resell` is on; cams of the visitor's country first. Each links out through the
 * site (`/api/cams/out.php`), which counts the click. Never fails a page: no cams when the source
 * cannot answer.
 */
export async function promotedCams(options: {
  settings: Pick<Settings, 'member_resell' | 'geoip_selected_country'>;
  placement: CamPlacement;
  count?: number;
}): Promise<PromotedCamCard[]> {
  if (!options.settings.member_resell) return [];
  const cams = await getCamSource()
    .list()
    .catch(() => []);
  const country = options.settings.geoip_selected_country;
  const ordered = [
    ...cams.filter((cam) => cam.country === country),
    ...cams.filter((cam) => cam.country !== country),
  ];
  return ordered.slice(0, options.count ?? PROMOTED_CAMS_SHOWN).map((cam) => ({
    id: cam.id,
    name: cam.name,
    age: cam.age,
    country: cam.country,
    image: cam.image,
    href: `${CAM_OUT_PATH}?${new URLSearchParams({ id: cam.id, from: options.placement })}`,
  }));
}
