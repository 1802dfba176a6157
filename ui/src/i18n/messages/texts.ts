import type { Locale } from '../locales';

/**
 * The texts of services and texts (docs/decisions/0081-services-and-texts.md) in the six
 * languages, spread into each language's messages (pages, validation, resources and the `texts`
 * section), as the department matrix's are.
 */
const en = {
  pages: { texts: 'Texts', serviceMappings: 'Service mapping' },
  validation: {
    unknownPlaceholder: 'A {placeholder} this group of texts does not know',
    textKey: 'Letters, digits, dot, - and _ only',
    textKeyTaken: 'Another text of this group has this key',
    preAdviceTextKey:
      'Pre-advice keys: sms, emailSubject, emailBody, or one of them with .TRIGGER (e.g. sms.BOOKED)',
    notTransport: 'Not a transport (service) article',
  },
  resources: {
    'admin/services-and-texts': {
      name: 'Text |||| Texts',
      fields: {
        id: 'Id',
        group: 'Group',
        key: 'Key',
        texts: {
          en: 'Text (English)',
          nb: 'Text (Norwegian)',
          sv: 'Text (Swedish)',
          da: 'Text (Danish)',
          fi: 'Text (Finnish)',
          fr: 'Text (French)',
        },
        q: 'Search',
      },
    },
    'admin/services-and-texts/mapping': {
      name: 'Service mapping |||| Service mapping',
      fields: {
        id: 'Id',
        code: 'Service code',
        label: 'Service',
        active: 'Active',
        important: 'Important',
        allowFlexDelivery: 'Allow flex delivery',
        serviceCode: 'Code template',
        q: 'Search',
      },
    },
  },
  texts: {
    help: 'English is required; a language left empty shows the English text. SERVICE texts are keyed by a transport article code, VAS texts by a VAS code. LABEL and BOOKING texts keyed by a service code, a VAS code or the service code of an order are printed on its labels and shown in its booking form; the LABEL text “footer” is printed on every label and the BOOKING text “notice” shown on every booking. PRE_ADVICE texts are the pre-advice messages of every policy without its own text in the recipient’s language: keys sms, emailSubject and emailBody, each also per trigger (sms.BOOKED before sms).',
    placeholders: 'Placeholders of this group: %{list}',
    noPlaceholders: 'This group takes no placeholders',
    mappingHelp:
      'Important services are shown first and marked; flex delivery lets the recipient choose to have the shipment left without a signature.',
    group: {
      SERVICE: 'Services',
      VAS: 'Value-added services',
      LABEL: 'Labels',
      BOOKING: 'Booking',
      PRE_ADVICE: 'Pre-advice',
    },
  },
};

export type TextsMessages = typeof en;

const nb: TextsMessages = {
  pages: { texts: 'Tekster', serviceMappings: 'Tjenesteoppsett' },
  validation: {
    unknownPlaceholder: 'En {plassholder} denne tekstgruppen ikke kjenner',
    textKey: 'Bare bokstaver, sifre, punktum, - og _',
    textKeyTaken: 'En annen tekst i denne gruppen har denne nøkkelen',
    preAdviceTextKey:
      'Nøkler for forhåndsvarsel: sms, emailSubject, emailBody, eller en av dem med .TRIGGER (f.eks. sms.BOOKED)',
    notTransport: 'Ikke en transportartikkel (tjeneste)',
  },
  resources: {
    'admin/services-and-texts': {
      name: 'Tekst |||| Tekster',
      fields: {
        id: 'Id',
        group: 'Gruppe',
        key: 'Nøkkel',
        texts: {
          en: 'Tekst (engelsk)',
          nb: 'Tekst (norsk)',
          sv: 'Tekst (svensk)',
          da: 'Tekst (dansk)',
          fi: 'Tekst (finsk)',
          fr: 'Tekst (fransk)',
        },
        q: 'Søk',
      },
    },
    'admin/services-and-texts/mapping': {
      name: 'Tjenesteoppsett |||| Tjenesteoppsett',
      fields: {
        id: 'Id',
        code: 'Tjenestekode',
        label: 'Tjeneste',
        active: 'Aktiv',
        important: 'Viktig',
        allowFlexDelivery: 'Tillat fleksibel levering',
        serviceCode: 'Kodemal',
        q: 'Søk',
      },
    },
  },
  texts: {
    help: 'Engelsk er påkrevd; et språk som står tomt, viser den engelske teksten. SERVICE-tekster har en transportartikkelkode som nøkkel, VAS-tekster en VAS-kode. LABEL- og BOOKING-tekster med en tjenestekode, en VAS-kode eller en ordres tjenestekode som nøkkel skrives på ordrens etiketter og vises i bestillingsskjemaet; LABEL-teksten «footer» skrives på hver etikett og BOOKING-teksten «notice» vises ved hver bestilling. PRE_ADVICE-tekster er forhåndsvarslene til hver policy uten egen tekst på mottakerens språk: nøklene sms, emailSubject og emailBody, hver også per utløser (sms.BOOKED før sms).',
    placeholders: 'Plassholdere i denne gruppen: %{list}',
    noPlaceholders: 'Denne gruppen tar ingen plassholdere',
    mappingHelp:
      'Viktige tjenester vises først og merkes; fleksibel levering lar mottakeren velge å få sendingen satt igjen uten signatur.',
    group: {
      SERVICE: 'Tjenester',
      VAS: 'Tilleggstjenester',
      LABEL: 'Etiketter',
      BOOKING: 'Bestilling',
      PRE_ADVICE: 'Forhåndsvarsling',
    },
  },
};

const sv: TextsMessages = {
  pages: { texts: 'Texter', serviceMappings: 'Tjänsteinställningar' },
  validation: {
    unknownPlaceholder: 'En {platshållare} som den här textgruppen inte känner till',
    textKey: 'Endast bokstäver, siffror, punkt, - och _',
    textKeyTaken: 'En annan text i gruppen har den här nyckeln',
    preAdviceTextKey:
      'Nycklar för föravisering: sms, emailSubject, emailBody, eller en av dem med .TRIGGER (t.ex. sms.BOOKED)',
    notTransport: 'Inte en transportartikel (tjänst)',
  },
  resources: {
    'admin/services-and-texts': {
      name: 'Text |||| Texter',
      fields: {
        id: 'Id',
        group: 'Grupp',
        key: 'Nyckel',
        texts: {
          en: 'Text (engelska)',
          nb: 'Text (norska)',
          sv: 'Text (svenska)',
          da: 'Text (danska)',
          fi: 'Text (finska)',
          fr: 'Text (franska)',
        },
        q: 'Sök',
      },
    },
    'admin/services-and-texts/mapping': {
      name: 'Tjänsteinställning |||| Tjänsteinställningar',
      fields: {
        id: 'Id',
        code: 'Tjänstekod',
        label: 'Tjänst',
        active: 'Aktiv',
        important: 'Viktig',
        allowFlexDelivery: 'Tillåt flexibel leverans',
        serviceCode: 'Kodmall',
        q: 'Sök',
      },
    },
  },
  texts: {
    help: 'Engelska krävs; ett språk som lämnas tomt visar den engelska texten. SERVICE-texter har en transportartikelkod som nyckel, VAS-texter en VAS-kod. LABEL- och BOOKING-texter med en tjänstekod, en VAS-kod eller en orders tjänstekod som nyckel skrivs på orderns etiketter och visas i bokningsformuläret; LABEL-texten ”footer” skrivs på varje etikett och BOOKING-texten ”notice” visas vid varje bokning. PRE_ADVICE-texter är föraviseringarna för varje policy utan egen text på mottagarens språk: nycklarna sms, emailSubject och emailBody, var och en även per utlösare (sms.BOOKED före sms).',
    placeholders: 'Platshållare i den här gruppen: %{list}',
    noPlaceholders: 'Den här gruppen tar inga platshållare',
    mappingHelp:
      'Viktiga tjänster visas först och markeras; flexibel leverans låter mottagaren välja att få sändningen lämnad utan signatur.',
    group: {
      SERVICE: 'Tjänster',
      VAS: 'Tilläggstjänster',
      LABEL: 'Etiketter',
      BOOKING: 'Bokning',
      PRE_ADVICE: 'Föravisering',
    },
  },
};

const da: TextsMessages = {
  pages: { texts: 'Tekster', serviceMappings: 'Ydelsesopsætning' },
  validation: {
    unknownPlaceholder: 'En {pladsholder} som denne tekstgruppe ikke kender',
    textKey: 'Kun bogstaver, cifre, punktum, - og _',
    textKeyTaken: 'En anden tekst i gruppen har denne nøgle',
    preAdviceTextKey:
      'Nøgler for forhåndsadvisering: sms, emailSubject, emailBody eller en af dem med .TRIGGER (f.eks. sms.BOOKED)',
    notTransport: 'Ikke en transportartikel (ydelse)',
  },
  resources: {
    'admin/services-and-texts': {
      name: 'Tekst |||| Tekster',
      fields: {
        id: 'Id',
        group: 'Gruppe',
        key: 'Nøgle',
        texts: {
          en: 'Tekst (engelsk)',
          nb: 'Tekst (norsk)',
          sv: 'Tekst (svensk)',
          da: 'Tekst (dansk)',
          fi: 'Tekst (finsk)',
          fr: 'Tekst (fransk)',
        },
        q: 'Søg',
      },
    },
    'admin/services-and-texts/mapping': {
      name: 'Ydelsesopsætning |||| Ydelsesopsætning',
      fields: {
        id: 'Id',
        code: 'Ydelseskode',
        label: 'Ydelse',
        active: 'Aktiv',
        important: 'Vigtig',
        allowFlexDelivery: 'Tillad fleksibel levering',
        serviceCode: 'Kodeskabelon',
        q: 'Søg',
      },
    },
  },
  texts: {
    help: 'Engelsk er påkrævet; et sprog, der står tomt, viser den engelske tekst. SERVICE-tekster har en transportartikelkode som nøgle, VAS-tekster en VAS-kode. LABEL- og BOOKING-tekster med en servicekode, en VAS-kode eller en ordres servicekode som nøgle skrives på ordrens etiketter og vises i bookingformularen; LABEL-teksten »footer« skrives på hver etiket og BOOKING-teksten »notice« vises ved hver booking. PRE_ADVICE-tekster er forhåndsadviseringerne for hver politik uden egen tekst på modtagerens sprog: nøglerne sms, emailSubject og emailBody, hver også pr. udløser (sms.BOOKED før sms).',
    placeholders: 'Pladsholdere i denne gruppe: %{list}',
    noPlaceholders: 'Denne gruppe tager ingen pladsholdere',
    mappingHelp:
      'Vigtige ydelser vises først og markeres; fleksibel levering lader modtageren vælge at få forsendelsen stillet uden underskrift.',
    group: {
      SERVICE: 'Ydelser',
      VAS: 'Tillægsydelser',
      LABEL: 'Etiketter',
      BOOKING: 'Booking',
      PRE_ADVICE: 'Forhåndsadvisering',
    },
  },
};

const fi: TextsMessages = {
  pages: { texts: 'Tekstit', serviceMappings: 'Palveluasetukset' },
  validation: {
    unknownPlaceholder: 'Paikkamerkki {nimi}, jota tämä tekstiryhmä ei tunne',
    textKey: 'Vain kirjaimia, numeroita, piste, - ja _',
    textKeyTaken: 'Ryhmän toisella tekstillä on tämä avain',
    preAdviceTextKey:
      'Ennakkoilmoituksen avaimet: sms, emailSubject, emailBody tai jokin niistä päätteellä .TRIGGER (esim. sms.BOOKED)',
    notTransport: 'Ei kuljetusnimike (palvelu)',
  },
  resources: {
    'admin/services-and-texts': {
      name: 'Teksti |||| Tekstit',
      fields: {
        id: 'Id',
        group: 'Ryhmä',
        key: 'Avain',
        texts: {
          en: 'Teksti (englanti)',
          nb: 'Teksti (norja)',
          sv: 'Teksti (ruotsi)',
          da: 'Teksti (tanska)',
          fi: 'Teksti (suomi)',
          fr: 'Teksti (ranska)',
        },
        q: 'Haku',
      },
    },
    'admin/services-and-texts/mapping': {
      name: 'Palveluasetus |||| Palveluasetukset',
      fields: {
        id: 'Id',
        code: 'Palvelukoodi',
        label: 'Palvelu',
        active: 'Aktiivinen',
        important: 'Tärkeä',
        allowFlexDelivery: 'Salli joustava toimitus',
        serviceCode: 'Koodimalli',
        q: 'Haku',
      },
    },
  },
  texts: {
    help: 'Englanti on pakollinen; tyhjäksi jätetty kieli näyttää englanninkielisen tekstin. SERVICE-tekstien avain on kuljetusnimikkeen koodi, VAS-tekstien VAS-koodi. LABEL- ja BOOKING-tekstit, joiden avain on palvelukoodi, VAS-koodi tai tilauksen palvelukoodi, tulostetaan tilauksen etiketteihin ja näytetään tilauslomakkeella; LABEL-teksti ”footer” tulostetaan jokaiseen etikettiin ja BOOKING-teksti ”notice” näytetään jokaisessa tilauksessa. PRE_ADVICE-tekstit ovat ennakkoilmoitukset jokaiselle säännölle, jolla ei ole omaa tekstiä vastaanottajan kielellä: avaimet sms, emailSubject ja emailBody, kukin myös laukaisimittain (sms.BOOKED ennen sms).',
    placeholders: 'Tämän ryhmän paikkamerkit: %{list}',
    noPlaceholders: 'Tällä ryhmällä ei ole paikkamerkkejä',
    mappingHelp:
      'Tärkeät palvelut näytetään ensin ja merkitään; joustava toimitus antaa vastaanottajan valita lähetyksen jättämisen ilman allekirjoitusta.',
    group: {
      SERVICE: 'Palvelut',
      VAS: 'Lisäpalvelut',
      LABEL: 'Etiketit',
      BOOKING: 'Tilaus',
      PRE_ADVICE: 'Ennakkoilmoitukset',
    },
  },
};

const fr: TextsMessages = {
  pages: { texts: 'Textes', serviceMappings: 'Paramètres des services' },
  validation: {
    unknownPlaceholder: 'Un {espace réservé} que ce groupe de textes ne connaît pas',
    textKey: 'Lettres, chiffres, point, - et _ uniquement',
    textKeyTaken: 'Un autre texte de ce groupe a cette clé',
    preAdviceTextKey:
      'Clés de préavis : sms, emailSubject, emailBody, ou l’une d’elles suivie de .TRIGGER (par ex. sms.BOOKED)',
    notTransport: 'Pas un article de transport (service)',
  },
  resources: {
    'admin/services-and-texts': {
      name: 'Texte |||| Textes',
      fields: {
        id: 'Id',
        group: 'Groupe',
        key: 'Clé',
        texts: {
          en: 'Texte (anglais)',
          nb: 'Texte (norvégien)',
          sv: 'Texte (suédois)',
          da: 'Texte (danois)',
          fi: 'Texte (finnois)',
          fr: 'Texte (français)',
        },
        q: 'Recherche',
      },
    },
    'admin/services-and-texts/mapping': {
      name: 'Paramètre de service |||| Paramètres des services',
      fields: {
        id: 'Id',
        code: 'Code du service',
        label: 'Service',
        active: 'Actif',
        important: 'Important',
        allowFlexDelivery: 'Autoriser la livraison flexible',
        serviceCode: 'Modèle de code',
        q: 'Recherche',
      },
    },
  },
  texts: {
    help: 'L’anglais est obligatoire ; une langue laissée vide affiche le texte anglais. Les textes SERVICE ont pour clé un code d’article de transport, les textes VAS un code VAS. Les textes LABEL et BOOKING dont la clé est un code de service, un code VAS ou le code de service d’une commande sont imprimés sur ses étiquettes et affichés dans son formulaire de réservation ; le texte LABEL « footer » est imprimé sur chaque étiquette et le texte BOOKING « notice » affiché à chaque réservation. Les textes PRE_ADVICE sont les préavis de chaque politique sans texte propre dans la langue du destinataire : clés sms, emailSubject et emailBody, chacune aussi par déclencheur (sms.BOOKED avant sms).',
    placeholders: 'Espaces réservés de ce groupe : %{list}',
    noPlaceholders: 'Ce groupe n’accepte aucun espace réservé',
    mappingHelp:
      'Les services importants sont affichés en premier et signalés ; la livraison flexible permet au destinataire de faire déposer l’envoi sans signature.',
    group: {
      SERVICE: 'Services',
      VAS: 'Services additionnels',
      LABEL: 'Étiquettes',
      BOOKING: 'Réservation',
      PRE_ADVICE: 'Préavis',
    },
  },
};

export const textsMessages: Record<Locale, TextsMessages> = { da, en, fi, fr, nb, sv };
