import type { MetadataRoute } from 'next';
import { getTranslations } from 'next-intl/server';
import { BRAND_COLORS } from '@/components/brand/logo';
import { getPageContext } from '@/lib/server/pages/page-context';

/** Icons made by npm run brand:icons (scripts/brand/make-icons.mjs) into public/icons. */
const ANY_SIZES = [16, 32, 180, 192, 512];
const MASKABLE_SIZES = [192, 512];

const shortcutIcon = (name: string) => [
  { src: `/icons/shortcut-${name}-96.png`, sizes: '96x96', type: 'image/png', purpose: 'any' as const },
];

/**
 * The web app manifest, served at /manifest.webmanifest and linked from every page by Next: the
 * site's name and description in the visitor's language, the installed app's icons, and shortcuts
 * (a long press on the icon) to search, messages and likes.
 */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const [{ settings, locale }, t] = await Promise.all([getPageContext(), getTranslations('Nav')]);
  return {
    id: '/',
    name: settings.name,
    short_name: settings.name,
    description: settings.description,
    lang: locale,
    dir: 'ltr',
    start_url: '/members',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: BRAND_COLORS.amber,
    categories: ['social', 'lifestyle'],
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
    shortcuts: [
      {
        name: t('searchMembers'),
        short_name: t('tabSearch'),
        url: '/members',
        icons: shortcutIcon('search'),
      },
      { name: t('messages'), url: '/chats', icons: shortcutIcon('messages') },
      { name: t('likes'), url: '/likes', icons: shortcutIcon('likes') },
    ],
  };
}
