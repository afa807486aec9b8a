import 'server-only';
import { env } from '../env';
import { CatalogueGifService } from './catalogue-gif-service';
import { GiphyGifService } from './giphy-gif-service';
import type { GifService } from './gif-service';
import { KlipyGifService } from './klipy-gif-service';

let made: { config: string; service: GifService } | null = null;

/**
 * The GIF service the environment asks for: GIF_SERVICE when set, else the service whose key is set
 * (KLIPY first), else the catalogue shipped with the app. Made anew when the configuration changes.
 */
export function getGifService(): GifService {
  const { GIF_SERVICE, KLIPY_API_KEY, GIPHY_API_KEY } = env();
  const choice = GIF_SERVICE ?? (KLIPY_API_KEY ? 'klipy' : GIPHY_API_KEY ? 'giphy' : 'catalogue');
  const config = `${choice}|${KLIPY_API_KEY ?? ''}|${GIPHY_API_KEY ?? ''}`;
  if (made?.config === config) return made.service;
  const service =
    choice === 'klipy' && KLIPY_API_KEY
      ? new KlipyGifService(KLIPY_API_KEY)
      : choice === 'giphy' && GIPHY_API_KEY
        ? new GiphyGifService(GIPHY_API_KEY)
        : new CatalogueGifService();
  made = { config, service };
  return service;
}
