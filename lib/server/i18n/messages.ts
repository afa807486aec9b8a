import 'server-only';
import da from '@/messages/da.json';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fi from '@/messages/fi.json';
import fr from '@/messages/fr.json';
import it from '@/messages/it.json';
import nb from '@/messages/nb.json';
import nl from '@/messages/nl.json';
import pl from '@/messages/pl.json';
import sv from '@/messages/sv.json';
import type { Locale } from '@/lib/shared/locales';

/** Every locale's messages, for server code that formats text outside a page (API errors, mail). */
export const SERVER_MESSAGES = { da, de, en, es, fi, fr, it, nb, nl, pl, sv } satisfies Record<
  Locale,
  typeof en
>;
export type ServerMessages = typeof en;
