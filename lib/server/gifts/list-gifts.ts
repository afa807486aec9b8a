import 'server-only';
import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/lib/shared/locales';
import type { GiftsSchema } from '@/lib/shared/schemas/chat';
import type { z } from 'zod';
import { SERVER_MESSAGES } from '../i18n/messages';
import { findSiteForDomain, normalizeDomain } from '../settings/site-cache';
import { listCatalogueGifts, type GiftId } from './gift-catalogue';

/** The gift catalogue with names in the viewer's language, and what one gift costs on this site. */
export async function listGifts(options: {
  locale: Locale;
  host: string | null;
}): Promise<z.input<typeof GiftsSchema>> {
  const t = createTranslator({
    locale: options.locale,
    messages: SERVER_MESSAGES[options.locale],
    namespace: 'Gifts',
  });
  const site = await findSiteForDomain(normalizeDomain(options.host));
  return {
    gifts: listCatalogueGifts().map((gift) => ({
      id: gift.id,
      name: t(`names.${gift.id as GiftId}`),
      image: gift.image,
    })),
    gift_credits: site.giftCredits,
  };
}
