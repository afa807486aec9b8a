import 'server-only';
import type { Locale } from '@/lib/shared/locales';
import type { StoredGif } from '../db/schema/chat';
import { getGifService } from './get-gif-service';
import { gifServiceFailure } from './search-gifs';

/**
 * The GIF a member picked, as it is stored with the message, or null when the service knows none.
 * The item is fetched from the service by its id, so only the service's own addresses are stored
 * (a member cannot slip in an address of their own). A GIF of another service than the one
 * configured now is unknown. A failing service is a `service_unavailable` AppError. The title (its
 * alt text) is in the sender's language where the service has one (`locale`; English otherwise).
 */
export async function resolveGif(
  ref: { source: string; id: string },
  options: { locale?: Locale } = {},
): Promise<StoredGif | null> {
  const service = getGifService();
  if (ref.source !== service.name) return null;
  try {
    return await service.find(ref.id, options.locale);
  } catch (error) {
    throw gifServiceFailure(error);
  }
}
