import type { BannerLevel, CmsState } from '@nordlog/contracts';
import type { Locale } from '../locales';

/**
 * Content's texts (banners, news, help modals; docs/decisions/0077-content.md) in the six
 * languages, spread into each language's messages (its `cms` section, page titles, admin
 * resources and validation keys) and enum labels.
 */
const fields = (f: {
  title: string;
  level: string;
  link: string;
  targetRoles: string;
  state: string;
  publishFrom: string;
  publishTo: string;
  screen: string;
  q: string;
}) => {
  const { level, link, screen, ...common } = f;
  return {
    banners: { ...common, level, link },
    news: common,
    helpModals: { ...common, screen },
  };
};

const resources = (
  names: { banner: string; news: string; helpModal: string },
  f: Parameters<typeof fields>[0],
) => {
  const all = fields(f);
  return {
    'admin/cms/banners': { name: names.banner, fields: all.banners },
    'admin/cms/news': { name: names.news, fields: all.news },
    'admin/cms/helpModals': { name: names.helpModal, fields: all.helpModals },
  };
};

const en = {
  cms: {
    close: 'Close',
    banner: { dismiss: 'Hide this notice for this session', more: 'Read more' },
    news: {
      open: 'News',
      title: 'News',
      unread: '%{smart_count} unread |||| %{smart_count} unread',
    },
    help: { open: 'What’s this?' },
    fields: {
      languages: 'Languages',
      title: 'Title',
      titleIn: 'Title (%{language})',
      bodyIn: 'Text (%{language})',
      linkHelp: 'An https:// address; checked when you leave the field',
      linkChecked: 'The link is valid',
      screenHelp: 'The screen the text explains: its (?) button shows there',
    },
  },
  pages: { cmsBanners: 'Banners', cmsNews: 'News', cmsHelpModals: 'Help texts' },
  resources: resources(
    {
      banner: 'Banner |||| Banners',
      news: 'News item |||| News',
      helpModal: 'Help text |||| Help texts',
    },
    {
      title: 'Title',
      level: 'Level',
      link: 'Link',
      targetRoles: 'Shown to',
      state: 'State',
      publishFrom: 'Shown from',
      publishTo: 'Shown until',
      screen: 'Screen',
      q: 'Search',
    },
  ),
  validation: {
    englishRequired: 'The English text is required',
    linkNotUrl: 'The link is not a web address',
    linkHttps: 'The link must start with https://',
    linkHost: 'The link needs a full host name (e.g. status.example.com)',
    linkCredentials: 'The link must not carry a user or password',
    publishedInFuture: 'A start in the future is Scheduled, not Published',
  },
};

type CmsMessages = typeof en;

const nb: CmsMessages = {
  cms: {
    close: 'Lukk',
    banner: { dismiss: 'Skjul denne meldingen i denne økten', more: 'Les mer' },
    news: {
      open: 'Nyheter',
      title: 'Nyheter',
      unread: '%{smart_count} ulest |||| %{smart_count} uleste',
    },
    help: { open: 'Hva er dette?' },
    fields: {
      languages: 'Språk',
      title: 'Tittel',
      titleIn: 'Tittel (%{language})',
      bodyIn: 'Tekst (%{language})',
      linkHelp: 'En https://-adresse; sjekkes når du forlater feltet',
      linkChecked: 'Lenken er gyldig',
      screenHelp: 'Skjermbildet teksten forklarer: (?)-knappen vises der',
    },
  },
  pages: { cmsBanners: 'Bannere', cmsNews: 'Nyheter', cmsHelpModals: 'Hjelpetekster' },
  resources: resources(
    {
      banner: 'Banner |||| Bannere',
      news: 'Nyhet |||| Nyheter',
      helpModal: 'Hjelpetekst |||| Hjelpetekster',
    },
    {
      title: 'Tittel',
      level: 'Nivå',
      link: 'Lenke',
      targetRoles: 'Vises for',
      state: 'Status',
      publishFrom: 'Vises fra',
      publishTo: 'Vises til',
      screen: 'Skjermbilde',
      q: 'Søk',
    },
  ),
  validation: {
    englishRequired: 'Den engelske teksten er påkrevd',
    linkNotUrl: 'Lenken er ikke en nettadresse',
    linkHttps: 'Lenken må begynne med https://',
    linkHost: 'Lenken trenger et fullt vertsnavn (f.eks. status.example.com)',
    linkCredentials: 'Lenken kan ikke inneholde bruker eller passord',
    publishedInFuture: 'En start fram i tid er Planlagt, ikke Publisert',
  },
};

const sv: CmsMessages = {
  cms: {
    close: 'Stäng',
    banner: { dismiss: 'Dölj meddelandet under den här sessionen', more: 'Läs mer' },
    news: {
      open: 'Nyheter',
      title: 'Nyheter',
      unread: '%{smart_count} oläst |||| %{smart_count} olästa',
    },
    help: { open: 'Vad är det här?' },
    fields: {
      languages: 'Språk',
      title: 'Rubrik',
      titleIn: 'Rubrik (%{language})',
      bodyIn: 'Text (%{language})',
      linkHelp: 'En https://-adress; kontrolleras när du lämnar fältet',
      linkChecked: 'Länken är giltig',
      screenHelp: 'Vyn som texten förklarar: (?)-knappen visas där',
    },
  },
  pages: { cmsBanners: 'Banderoller', cmsNews: 'Nyheter', cmsHelpModals: 'Hjälptexter' },
  resources: resources(
    {
      banner: 'Banderoll |||| Banderoller',
      news: 'Nyhet |||| Nyheter',
      helpModal: 'Hjälptext |||| Hjälptexter',
    },
    {
      title: 'Rubrik',
      level: 'Nivå',
      link: 'Länk',
      targetRoles: 'Visas för',
      state: 'Status',
      publishFrom: 'Visas från',
      publishTo: 'Visas till',
      screen: 'Vy',
      q: 'Sök',
    },
  ),
  validation: {
    englishRequired: 'Den engelska texten krävs',
    linkNotUrl: 'Länken är inte en webbadress',
    linkHttps: 'Länken måste börja med https://',
    linkHost: 'Länken behöver ett fullständigt värdnamn (t.ex. status.example.com)',
    linkCredentials: 'Länken får inte innehålla användare eller lösenord',
    publishedInFuture: 'En start i framtiden är Schemalagd, inte Publicerad',
  },
};

const da: CmsMessages = {
  cms: {
    close: 'Luk',
    banner: { dismiss: 'Skjul meddelelsen i denne session', more: 'Læs mere' },
    news: {
      open: 'Nyheder',
      title: 'Nyheder',
      unread: '%{smart_count} ulæst |||| %{smart_count} ulæste',
    },
    help: { open: 'Hvad er det her?' },
    fields: {
      languages: 'Sprog',
      title: 'Titel',
      titleIn: 'Titel (%{language})',
      bodyIn: 'Tekst (%{language})',
      linkHelp: 'En https://-adresse; kontrolleres, når du forlader feltet',
      linkChecked: 'Linket er gyldigt',
      screenHelp: 'Skærmbilledet, teksten forklarer: (?)-knappen vises der',
    },
  },
  pages: { cmsBanners: 'Bannere', cmsNews: 'Nyheder', cmsHelpModals: 'Hjælpetekster' },
  resources: resources(
    {
      banner: 'Banner |||| Bannere',
      news: 'Nyhed |||| Nyheder',
      helpModal: 'Hjælpetekst |||| Hjælpetekster',
    },
    {
      title: 'Titel',
      level: 'Niveau',
      link: 'Link',
      targetRoles: 'Vises for',
      state: 'Status',
      publishFrom: 'Vises fra',
      publishTo: 'Vises til',
      screen: 'Skærmbillede',
      q: 'Søg',
    },
  ),
  validation: {
    englishRequired: 'Den engelske tekst er påkrævet',
    linkNotUrl: 'Linket er ikke en webadresse',
    linkHttps: 'Linket skal begynde med https://',
    linkHost: 'Linket skal have et fuldt værtsnavn (f.eks. status.example.com)',
    linkCredentials: 'Linket må ikke indeholde bruger eller adgangskode',
    publishedInFuture: 'En start i fremtiden er Planlagt, ikke Publiceret',
  },
};

const fi: CmsMessages = {
  cms: {
    close: 'Sulje',
    banner: { dismiss: 'Piilota tiedote tämän istunnon ajaksi', more: 'Lue lisää' },
    news: {
      open: 'Uutiset',
      title: 'Uutiset',
      unread: '%{smart_count} lukematon |||| %{smart_count} lukematonta',
    },
    help: { open: 'Mikä tämä on?' },
    fields: {
      languages: 'Kielet',
      title: 'Otsikko',
      titleIn: 'Otsikko (%{language})',
      bodyIn: 'Teksti (%{language})',
      linkHelp: 'https://-osoite; tarkistetaan, kun poistut kentästä',
      linkChecked: 'Linkki on kelvollinen',
      screenHelp: 'Näkymä, jota teksti selittää: (?)-painike näkyy siellä',
    },
  },
  pages: { cmsBanners: 'Tiedotteet', cmsNews: 'Uutiset', cmsHelpModals: 'Ohjetekstit' },
  resources: resources(
    {
      banner: 'Tiedote |||| Tiedotteet',
      news: 'Uutinen |||| Uutiset',
      helpModal: 'Ohjeteksti |||| Ohjetekstit',
    },
    {
      title: 'Otsikko',
      level: 'Taso',
      link: 'Linkki',
      targetRoles: 'Näytetään',
      state: 'Tila',
      publishFrom: 'Näkyy alkaen',
      publishTo: 'Näkyy asti',
      screen: 'Näkymä',
      q: 'Haku',
    },
  ),
  validation: {
    englishRequired: 'Englanninkielinen teksti vaaditaan',
    linkNotUrl: 'Linkki ei ole verkko-osoite',
    linkHttps: 'Linkin on alettava https://',
    linkHost: 'Linkki tarvitsee täydellisen palvelinnimen (esim. status.example.com)',
    linkCredentials: 'Linkissä ei saa olla käyttäjää tai salasanaa',
    publishedInFuture: 'Tulevaisuudessa alkava on Ajastettu, ei Julkaistu',
  },
};

const fr: CmsMessages = {
  cms: {
    close: 'Fermer',
    banner: { dismiss: 'Masquer cet avis pour cette session', more: 'En savoir plus' },
    news: {
      open: 'Actualités',
      title: 'Actualités',
      unread: '%{smart_count} non lue |||| %{smart_count} non lues',
    },
    help: { open: 'Qu’est-ce que c’est ?' },
    fields: {
      languages: 'Langues',
      title: 'Titre',
      titleIn: 'Titre (%{language})',
      bodyIn: 'Texte (%{language})',
      linkHelp: 'Une adresse https:// ; vérifiée quand vous quittez le champ',
      linkChecked: 'Le lien est valide',
      screenHelp: 'L’écran que le texte explique : son bouton (?) s’y affiche',
    },
  },
  pages: { cmsBanners: 'Bannières', cmsNews: 'Actualités', cmsHelpModals: 'Textes d’aide' },
  resources: resources(
    {
      banner: 'Bannière |||| Bannières',
      news: 'Actualité |||| Actualités',
      helpModal: 'Texte d’aide |||| Textes d’aide',
    },
    {
      title: 'Titre',
      level: 'Niveau',
      link: 'Lien',
      targetRoles: 'Montré à',
      state: 'État',
      publishFrom: 'Affiché du',
      publishTo: 'Affiché jusqu’au',
      screen: 'Écran',
      q: 'Recherche',
    },
  ),
  validation: {
    englishRequired: 'Le texte anglais est obligatoire',
    linkNotUrl: 'Le lien n’est pas une adresse web',
    linkHttps: 'Le lien doit commencer par https://',
    linkHost: 'Le lien doit avoir un nom d’hôte complet (p. ex. status.example.com)',
    linkCredentials: 'Le lien ne doit contenir ni utilisateur ni mot de passe',
    publishedInFuture: 'Un début dans le futur est Programmé, pas Publié',
  },
};

export const cmsMessages: Record<Locale, CmsMessages> = { da, en, fi, fr, nb, sv };

/** The enum labels of content (i18n/enums). */
export interface CmsEnumMessages {
  cmsState: Record<CmsState, string>;
  bannerLevel: Record<BannerLevel, string>;
}
export const cmsEnums: Record<Locale, CmsEnumMessages> = {
  en: {
    cmsState: { DRAFT: 'Draft', SCHEDULED: 'Scheduled', PUBLISHED: 'Published' },
    bannerLevel: { INFO: 'Information', WARNING: 'Warning', CRITICAL: 'Critical' },
  },
  nb: {
    cmsState: { DRAFT: 'Utkast', SCHEDULED: 'Planlagt', PUBLISHED: 'Publisert' },
    bannerLevel: { INFO: 'Informasjon', WARNING: 'Advarsel', CRITICAL: 'Kritisk' },
  },
  sv: {
    cmsState: { DRAFT: 'Utkast', SCHEDULED: 'Schemalagd', PUBLISHED: 'Publicerad' },
    bannerLevel: { INFO: 'Information', WARNING: 'Varning', CRITICAL: 'Kritisk' },
  },
  da: {
    cmsState: { DRAFT: 'Kladde', SCHEDULED: 'Planlagt', PUBLISHED: 'Publiceret' },
    bannerLevel: { INFO: 'Information', WARNING: 'Advarsel', CRITICAL: 'Kritisk' },
  },
  fi: {
    cmsState: { DRAFT: 'Luonnos', SCHEDULED: 'Ajastettu', PUBLISHED: 'Julkaistu' },
    bannerLevel: { INFO: 'Tiedote', WARNING: 'Varoitus', CRITICAL: 'Kriittinen' },
  },
  fr: {
    cmsState: { DRAFT: 'Brouillon', SCHEDULED: 'Programmé', PUBLISHED: 'Publié' },
    bannerLevel: { INFO: 'Information', WARNING: 'Avertissement', CRITICAL: 'Critique' },
  },
};
