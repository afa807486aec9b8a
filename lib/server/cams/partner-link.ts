import 'server-only';
import type { Tracking } from '@/lib/shared/schemas/auth';
import type { PartnerCam } from './cam-source';

/**
 * The partner's address for a cam: its link with `{id}` and the traffic-source placeholders filled
 * in (URL-encoded; empty when unknown), and query parameters left empty dropped.
 */
export function partnerLink(cam: PartnerCam, tracking: Tracking | null): string {
  const values: Record<string, string | undefined> = { id: cam.id, ...tracking };
  const filled = cam.link.replace(/\{(id|network|ref|sub1|sub2|sub3)\}/g, (_match, key: string) =>
    encodeURIComponent(values[key] ?? ''),
  );
  const url = new URL(filled);
  for (const [key, value] of [...url.searchParams]) if (value === '') url.searchParams.delete(key);
  return url.toString();
}
