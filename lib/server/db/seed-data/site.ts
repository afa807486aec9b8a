// The company and the default site a fresh installation starts with.
import { PROFILE_FIELDS, SEARCH_FIELDS } from '@/lib/shared/schemas/settings';
import type { LocalizedText } from '../schema/reference';

export const DEFAULT_COMPANY = {
  name: 'Lovelane Media B.V.',
  address: 'Herengracht 182',
  kvk: '81234567',
  city: '1016 BR Amsterdam',
  country: 'Netherlands',
  tradenames: ['Lovelane'],
  vatNumbers: ['NL862345678B01'],
  supportPhone: '+31 20-808 44 21',
  deleteDiscount: 50,
  added: new Date('2024-03-15T09:00:00Z'),
};

const indexTitle: LocalizedText = {
  da: 'Lovelane – flirt og chat med singler i nærheden',
  de: 'Lovelane – flirten und chatten mit Singles in deiner Nähe',
  en: 'Lovelane – flirt and chat with singles near you',
  es: 'Lovelane – liga y chatea con solteros cerca de ti',
  fi: 'Lovelane – flirttaile ja chattaile lähelläsi asuvien sinkkujen kanssa',
  fr: 'Lovelane – flirtez et discutez avec des célibataires près de chez vous',
  it: 'Lovelane – flirta e chatta con single vicino a te',
  nb: 'Lovelane – flørt og chat med singler i nærheten',
  nl: 'Lovelane – flirten en chatten met singles bij jou in de buurt',
  pl: 'Lovelane – flirtuj i czatuj z singlami w pobliżu',
  sv: 'Lovelane – flörta och chatta med singlar nära dig',
};

const description: LocalizedText = {
  da: 'Opret en gratis profil, find medlemmer efter alder og region, og chat når det passer dig. Du betaler kun for de beskeder, du sender.',
  de: 'Erstelle kostenlos ein Profil, finde Mitglieder nach Alter und Region und chatte, wann du willst. Du zahlst nur für die Nachrichten, die du sendest.',
  en: 'Create a free profile, find members by age and region, and chat whenever you like. You only pay for the messages you send.',
  es: 'Crea un perfil gratis, busca miembros por edad y región y chatea cuando quieras. Solo pagas por los mensajes que envías.',
  fi: 'Luo ilmainen profiili, etsi jäseniä iän ja alueen mukaan ja chattaile milloin haluat. Maksat vain lähettämistäsi viesteistä.',
  fr: 'Créez un profil gratuit, trouvez des membres par âge et par région, et discutez quand vous voulez. Vous ne payez que les messages que vous envoyez.',
  it: 'Crea un profilo gratuito, trova membri per età e regione e chatta quando vuoi. Paghi solo i messaggi che invii.',
  nb: 'Lag en gratis profil, finn medlemmer etter alder og region, og chat når det passer deg. Du betaler bare for meldingene du sender.',
  nl: 'Maak gratis een profiel, zoek leden op leeftijd en regio en chat wanneer je wilt. Je betaalt alleen voor de berichten die je verstuurt.',
  pl: 'Załóż darmowy profil, szukaj członków według wieku i regionu i czatuj, kiedy chcesz. Płacisz tylko za wysłane wiadomości.',
  sv: 'Skapa en gratis profil, hitta medlemmar efter ålder och region och chatta när du vill. Du betalar bara för meddelandena du skickar.',
};

const fictionalWarning: LocalizedText = {
  da: 'Nogle profiler på dette website er fiktive og drives af os til underholdning. Det er ikke muligt at mødes fysisk med disse profiler. De er markeret med et ikon.',
  de: 'Einige Profile auf dieser Website sind fiktiv und werden von uns zur Unterhaltung betrieben. Ein persönliches Treffen mit diesen Profilen ist nicht möglich. Sie sind mit einem Symbol gekennzeichnet.',
  en: 'Some profiles on this website are fictional and operated by us for entertainment. Meeting these profiles in person is not possible. They are marked with an icon.',
  es: 'Algunos perfiles de este sitio web son ficticios y los gestionamos nosotros con fines de entretenimiento. No es posible quedar en persona con estos perfiles. Están marcados con un icono.',
  fi: 'Osa tämän sivuston profiileista on kuvitteellisia, ja ylläpidämme niitä viihdetarkoituksessa. Näiden profiilien tapaaminen kasvokkain ei ole mahdollista. Ne on merkitty kuvakkeella.',
  fr: 'Certains profils de ce site sont fictifs et sont gérés par nous à des fins de divertissement. Il est impossible de rencontrer ces profils en personne. Ils sont signalés par une icône.',
  it: 'Alcuni profili di questo sito sono fittizi e gestiti da noi a scopo di intrattenimento. Non è possibile incontrare di persona questi profili. Sono contrassegnati da un’icona.',
  nb: 'Noen profiler på dette nettstedet er fiktive og drives av oss for underholdning. Det er ikke mulig å møte disse profilene fysisk. De er merket med et ikon.',
  nl: 'Sommige profielen op deze website zijn fictief en worden door ons beheerd voor entertainment. Fysiek afspreken met deze profielen is niet mogelijk. Ze zijn gemarkeerd met een icoon.',
  pl: 'Niektóre profile w tym serwisie są fikcyjne i prowadzimy je w celach rozrywkowych. Spotkanie z nimi na żywo nie jest możliwe. Są oznaczone ikoną.',
  sv: 'Vissa profiler på den här webbplatsen är fiktiva och drivs av oss för underhållning. Det går inte att träffa dessa profiler i verkligheten. De är markerade med en ikon.',
};

const fictionalSingular: LocalizedText = {
  da: 'fiktiv profil',
  de: 'fiktives Profil',
  en: 'fictional profile',
  es: 'perfil ficticio',
  fi: 'kuvitteellinen profiili',
  fr: 'profil fictif',
  it: 'profilo fittizio',
  nb: 'fiktiv profil',
  nl: 'fictief profiel',
  pl: 'profil fikcyjny',
  sv: 'fiktiv profil',
};

const fictionalPlural: LocalizedText = {
  da: 'fiktive profiler',
  de: 'fiktive Profile',
  en: 'fictional profiles',
  es: 'perfiles ficticios',
  fi: 'kuvitteelliset profiilit',
  fr: 'profils fictifs',
  it: 'profili fittizi',
  nb: 'fiktive profiler',
  nl: 'fictieve profielen',
  pl: 'profile fikcyjne',
  sv: 'fiktiva profiler',
};

/** Minimum cost of one message per country, in the local currency. */
const minimumMessageCosts: Record<string, { costs: number; currency: string }> = {
  NL: { costs: 1.99, currency: 'EUR' },
  BE: { costs: 1.99, currency: 'EUR' },
  DE: { costs: 1.99, currency: 'EUR' },
  AT: { costs: 1.99, currency: 'EUR' },
  CH: { costs: 1.99, currency: 'CHF' },
  GB: { costs: 1.79, currency: 'GBP' },
  IE: { costs: 1.99, currency: 'EUR' },
  US: { costs: 2.19, currency: 'USD' },
  CA: { costs: 2.79, currency: 'CAD' },
  AU: { costs: 3.19, currency: 'AUD' },
  NZ: { costs: 3.49, currency: 'NZD' },
  DK: { costs: 14.95, currency: 'DKK' },
  SE: { costs: 22.9, currency: 'SEK' },
  NO: { costs: 22.9, currency: 'NOK' },
  FI: { costs: 1.99, currency: 'EUR' },
  FR: { costs: 1.99, currency: 'EUR' },
  ES: { costs: 1.99, currency: 'EUR' },
  IT: { costs: 1.99, currency: 'EUR' },
  PL: { costs: 8.99, currency: 'PLN' },
};

/**
 * Credits a new member of the default site gets on confirming the address: three messages at the
 * default price, so the two conversations a free member may start can begin (spec §9).
 */
export const WELCOME_CREDITS = 30;

export const DEFAULT_SITE = {
  domain: 'default',
  name: 'Lovelane',
  indexTitle,
  description,
  countries: Object.keys(minimumMessageCosts),
  defaultCountry: 'NL',
  visibleProfileFields: [...PROFILE_FIELDS],
  visibleProfileNotes: ['relationship_status', 'interests'],
  searchFields: [...SEARCH_FIELDS],
  cdnPrefix: '/cdn/',
  messageCredits: 10,
  photoCredits: 5,
  giftCredits: 20,
  signupCredits: WELCOME_CREDITS,
  messageLength: 1000,
  minimumMessageCosts,
  supportEmail: 'support@lovelane.example',
  enableSiteEntryPopup: true,
  domainLanguage: null,
  fictionalWarning,
  fictionalSingular,
  fictionalPlural,
  refundDays: 14,
  signups: 'all' as const,
  loggedOutSearch: true,
  loggedOutSearchTrafficsource: true,
  memberResell: false,
  photoPremoderation: false,
  niche: 1,
  mailName: 'Lovelane',
};
