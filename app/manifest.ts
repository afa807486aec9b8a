import type { MetadataRoute } from 'next';
import { getTranslations } from 'next-intl/server';
import { webAppManifest } from '@/components/brand/web-app-manifest';
import { getPageContext } from '@/lib/server/pages/page-context';

/**
 * The web app manifest, served at /manifest.webmanifest and linked from every page by Next: the
 * site's name and description, and the shortcuts' names, in the visitor's language.
 */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const [{ settings, locale }, t] = await Promise.all([getPageContext(), getTranslations('Nav')]);
  return webAppManifest({
    name: settings.name,
    description: settings.description,
    locale,
    searchMembers: t('searchMembers'),
    search: t('tabSearch'),
    messages: t('messages'),
    likes: t('likes'),
  });
}
