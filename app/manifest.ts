import type { MetadataRoute } from 'next';
import { BRAND_COLORS } from '@/components/brand/logo';

/** Icons made by npm run brand:icons (scripts/brand/make-icons.mjs) into public/icons. */
const ANY_SIZES = [16, 32, 180, 192, 512];
const MASKABLE_SIZES = [192, 512];

/** The web app manifest, served at /manifest.webmanifest and linked from every page by Next. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Lovelane',
    short_name: 'Lovelane',
    start_url: '/members',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: BRAND_COLORS.amber,
    icons: [
      ...ANY_SIZES.map((size) => ({
        src: `/icons/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any' as const,
      })),
      ...MASKABLE_SIZES.map((size) => ({
        src: `/icons/maskable-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'maskable' as const,
      })),
    ],
  };
}
