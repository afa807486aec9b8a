import type { MetadataRoute } from 'next';
import { BRAND_COLORS } from './logo';

/** Icons made by npm run brand:icons (scripts/brand/make-icons.mjs) into public/icons. */
const ANY_SIZES = [16, 32, 180, 192, 512];
const MASKABLE_SIZES = [192, 512];

const shortcutIcons = (name: string) => [
  { src: `/icons/shortcut-${name}-96.png`, sizes: '96x96', type: 'image/png', purpose: 'any' as const },
];

/** What the manifest says in the visitor's language. */
export interface ManifestTexts {
  /** The site's name and description (settings). */
  name: string;
  description: string;
  locale: string;
  /** The shortcuts' names: search members (and its short form), messages, likes. */
  searchMembers: string;
  search: string;
  messages: string;
  likes: string;
}

/**
 * The web app manifest (app/manifest.ts): the installed app opens the member search standalone, in
 * the brand colours, with icons for any use and maskable ones, and shortcuts (a long press on the
 * icon) to search, messages and likes.
 */
export function webAppManifest(texts: ManifestTexts): MetadataRoute.Manifest {
  return {
    id: '/',
    name: texts.name,
    short_name: texts.name,
    description: texts.description,
    lang: texts.locale,
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
        name: texts.searchMembers,
        short_name: texts.search,
        url: '/members',
        icons: shortcutIcons('search'),
      },
      { name: texts.messages, url: '/chats', icons: shortcutIcons('messages') },
      { name: texts.likes, url: '/likes', icons: shortcutIcons('likes') },
    ],
  };
}
