// The global error page cannot load message files: its two texts in every locale, kept equal to
// messages/*.json (ErrorPage.errorPageFailed, Common.home) by tests/shared/messages.test.ts.
import type { Locale } from './locales';

export const ERROR_PAGE_FAILED: Record<Locale, { text: string; home: string }> = {
  da: { text: 'Der opstod en fejl under visningen af fejlsiden', home: 'Forside' },
  de: { text: 'Beim Anzeigen der Fehlerseite ist ein Fehler aufgetreten', home: 'Startseite' },
  en: { text: 'An error occurred while showing the error page', home: 'Home' },
  es: { text: 'Se ha producido un error al mostrar la página de error', home: 'Inicio' },
  fi: { text: 'Virhesivun näyttämisessä tapahtui virhe', home: 'Etusivu' },
  fr: { text: 'Une erreur s’est produite lors de l’affichage de la page d’erreur', home: 'Accueil' },
  it: { text: 'Si è verificato un errore durante la visualizzazione della pagina di errore', home: 'Home' },
  nb: { text: 'Det oppstod en feil under visning av feilsiden', home: 'Hjem' },
  nl: { text: 'Er is een fout opgetreden bij het weergeven van de foutpagina', home: 'Home' },
  pl: { text: 'Wystąpił błąd podczas wyświetlania strony błędu', home: 'Strona główna' },
  sv: { text: 'Ett fel uppstod när felsidan skulle visas', home: 'Hem' },
};
