import type { Locale } from '../locales';

/**
 * The texts of the upsales rules (docs/decisions/0087-upsales-rules.md) in the six languages,
 * spread into each language's messages (pages, validation, resources and the `upsales` section),
 * as the texts' are.
 */
const en = {
  pages: { upsalesRules: 'Upsales rules' },
  validation: {
    notVas: 'Not a value-added service article',
    weightRange: 'The upper weight must not be below the lower',
  },
  resources: {
    'admin/services-and-texts/upsales': {
      name: 'Upsales rule |||| Upsales rules',
      fields: {
        id: 'Id',
        name: 'Name',
        articleId: 'Extra offered',
        serviceCodes: 'When booking services',
        customerIds: 'For customers',
        customerGroupIds: 'For customer groups',
        weightFromKg: 'Weight from, kg',
        weightToKg: 'Weight to, kg',
        postalCodeFrom: 'Delivery postal code from',
        postalCodeTo: 'Delivery postal code to',
        textKey: 'Booking text key',
        priority: 'Priority',
        enabled: 'Enabled',
        q: 'Search',
      },
    },
  },
  upsales: {
    help: 'The booking form suggests the extra to whoever books when every condition holds: the customer is one of the customers or a member of one of the groups (none chosen: everyone), the service booked is one of the services (none: any), and the weight and delivery postal code are inside the ranges given. Priority 1 is suggested first; at most three suggestions are shown.',
    textKeyHelp: 'The key of a Booking text; empty: “Add <extra>?”',
    anyService: 'Any service',
    everyone: 'Everyone',
    some: '%{customers} customers, %{groups} groups',
    enable: 'Enable %{name}',
    disable: 'Disable %{name}',
    enabledDone: 'The rule is enabled',
    disabledDone: 'The rule is disabled',
    suggestions: 'Suggested extras',
    suggestion: 'Add %{extra}?',
    add: 'Add',
    added: '%{extra} added',
  },
};

export type UpsalesMessages = typeof en;

const nb: UpsalesMessages = {
  pages: { upsalesRules: 'Mersalgsregler' },
  validation: {
    notVas: 'Ikke en tilleggstjeneste',
    weightRange: 'Øvre vekt kan ikke være lavere enn nedre',
  },
  resources: {
    'admin/services-and-texts/upsales': {
      name: 'Mersalgsregel |||| Mersalgsregler',
      fields: {
        id: 'Id',
        name: 'Navn',
        articleId: 'Tillegg som tilbys',
        serviceCodes: 'Ved bestilling av tjenestene',
        customerIds: 'For kundene',
        customerGroupIds: 'For kundegruppene',
        weightFromKg: 'Vekt fra, kg',
        weightToKg: 'Vekt til, kg',
        postalCodeFrom: 'Leveringspostnummer fra',
        postalCodeTo: 'Leveringspostnummer til',
        textKey: 'Nøkkel for bestillingstekst',
        priority: 'Prioritet',
        enabled: 'Aktiv',
        q: 'Søk',
      },
    },
  },
  upsales: {
    help: 'Bestillingsskjemaet foreslår tillegget for den som bestiller når alle vilkår holder: kunden er en av kundene eller medlem av en av gruppene (ingen valgt: alle), tjenesten som bestilles er en av tjenestene (ingen: alle), og vekt og leveringspostnummer er innenfor intervallene. Prioritet 1 foreslås først; høyst tre forslag vises.',
    textKeyHelp: 'Nøkkelen til en bestillingstekst; tom: «Legg til <tillegg>?»',
    anyService: 'Alle tjenester',
    everyone: 'Alle',
    some: '%{customers} kunder, %{groups} grupper',
    enable: 'Aktiver %{name}',
    disable: 'Deaktiver %{name}',
    enabledDone: 'Regelen er aktivert',
    disabledDone: 'Regelen er deaktivert',
    suggestions: 'Foreslåtte tillegg',
    suggestion: 'Legg til %{extra}?',
    add: 'Legg til',
    added: '%{extra} lagt til',
  },
};

const sv: UpsalesMessages = {
  pages: { upsalesRules: 'Merförsäljningsregler' },
  validation: {
    notVas: 'Inte en tilläggstjänst',
    weightRange: 'Den övre vikten får inte vara lägre än den undre',
  },
  resources: {
    'admin/services-and-texts/upsales': {
      name: 'Merförsäljningsregel |||| Merförsäljningsregler',
      fields: {
        id: 'Id',
        name: 'Namn',
        articleId: 'Tillägg som erbjuds',
        serviceCodes: 'Vid bokning av tjänsterna',
        customerIds: 'För kunderna',
        customerGroupIds: 'För kundgrupperna',
        weightFromKg: 'Vikt från, kg',
        weightToKg: 'Vikt till, kg',
        postalCodeFrom: 'Leveranspostnummer från',
        postalCodeTo: 'Leveranspostnummer till',
        textKey: 'Nyckel för bokningstext',
        priority: 'Prioritet',
        enabled: 'Aktiv',
        q: 'Sök',
      },
    },
  },
  upsales: {
    help: 'Bokningsformuläret föreslår tillägget för den som bokar när alla villkor gäller: kunden är en av kunderna eller medlem i en av grupperna (ingen vald: alla), den bokade tjänsten är en av tjänsterna (ingen: alla), och vikt och leveranspostnummer ligger inom intervallen. Prioritet 1 föreslås först; högst tre förslag visas.',
    textKeyHelp: 'Nyckeln till en bokningstext; tom: ”Lägg till <tillägg>?”',
    anyService: 'Alla tjänster',
    everyone: 'Alla',
    some: '%{customers} kunder, %{groups} grupper',
    enable: 'Aktivera %{name}',
    disable: 'Inaktivera %{name}',
    enabledDone: 'Regeln är aktiverad',
    disabledDone: 'Regeln är inaktiverad',
    suggestions: 'Föreslagna tillägg',
    suggestion: 'Lägg till %{extra}?',
    add: 'Lägg till',
    added: '%{extra} tillagd',
  },
};

const da: UpsalesMessages = {
  pages: { upsalesRules: 'Mersalgsregler' },
  validation: {
    notVas: 'Ikke en tillægsydelse',
    weightRange: 'Den øvre vægt må ikke være lavere end den nedre',
  },
  resources: {
    'admin/services-and-texts/upsales': {
      name: 'Mersalgsregel |||| Mersalgsregler',
      fields: {
        id: 'Id',
        name: 'Navn',
        articleId: 'Tilbudt tillæg',
        serviceCodes: 'Ved bestilling af ydelserne',
        customerIds: 'For kunderne',
        customerGroupIds: 'For kundegrupperne',
        weightFromKg: 'Vægt fra, kg',
        weightToKg: 'Vægt til, kg',
        postalCodeFrom: 'Leveringspostnummer fra',
        postalCodeTo: 'Leveringspostnummer til',
        textKey: 'Nøgle til bestillingstekst',
        priority: 'Prioritet',
        enabled: 'Aktiv',
        q: 'Søg',
      },
    },
  },
  upsales: {
    help: 'Bestillingsformularen foreslår tillægget for den, der bestiller, når alle betingelser holder: kunden er en af kunderne eller medlem af en af grupperne (ingen valgt: alle), den bestilte ydelse er en af ydelserne (ingen: alle), og vægt og leveringspostnummer ligger inden for intervallerne. Prioritet 1 foreslås først; højst tre forslag vises.',
    textKeyHelp: 'Nøglen til en bestillingstekst; tom: »Tilføj <tillæg>?«',
    anyService: 'Alle ydelser',
    everyone: 'Alle',
    some: '%{customers} kunder, %{groups} grupper',
    enable: 'Aktivér %{name}',
    disable: 'Deaktivér %{name}',
    enabledDone: 'Reglen er aktiveret',
    disabledDone: 'Reglen er deaktiveret',
    suggestions: 'Foreslåede tillæg',
    suggestion: 'Tilføj %{extra}?',
    add: 'Tilføj',
    added: '%{extra} tilføjet',
  },
};

const fi: UpsalesMessages = {
  pages: { upsalesRules: 'Lisämyyntisäännöt' },
  validation: {
    notVas: 'Ei lisäpalvelu',
    weightRange: 'Ylärajan paino ei saa olla alarajaa pienempi',
  },
  resources: {
    'admin/services-and-texts/upsales': {
      name: 'Lisämyyntisääntö |||| Lisämyyntisäännöt',
      fields: {
        id: 'Tunnus',
        name: 'Nimi',
        articleId: 'Tarjottu lisä',
        serviceCodes: 'Kun varataan palvelut',
        customerIds: 'Asiakkaille',
        customerGroupIds: 'Asiakasryhmille',
        weightFromKg: 'Paino alkaen, kg',
        weightToKg: 'Paino enintään, kg',
        postalCodeFrom: 'Toimituksen postinumero alkaen',
        postalCodeTo: 'Toimituksen postinumero enintään',
        textKey: 'Varaustekstin avain',
        priority: 'Prioriteetti',
        enabled: 'Käytössä',
        q: 'Haku',
      },
    },
  },
  upsales: {
    help: 'Varauslomake ehdottaa lisää varaajalle, kun kaikki ehdot täyttyvät: asiakas on yksi asiakkaista tai jonkin ryhmän jäsen (ei valintaa: kaikki), varattu palvelu on yksi palveluista (ei valintaa: mikä tahansa), ja paino ja toimituksen postinumero ovat annetuilla väleillä. Prioriteetti 1 ehdotetaan ensin; enintään kolme ehdotusta näytetään.',
    textKeyHelp: 'Varaustekstin avain; tyhjä: ”Lisätäänkö <lisä>?”',
    anyService: 'Mikä tahansa palvelu',
    everyone: 'Kaikki',
    some: '%{customers} asiakasta, %{groups} ryhmää',
    enable: 'Ota käyttöön %{name}',
    disable: 'Poista käytöstä %{name}',
    enabledDone: 'Sääntö on käytössä',
    disabledDone: 'Sääntö on poistettu käytöstä',
    suggestions: 'Ehdotetut lisät',
    suggestion: 'Lisätäänkö %{extra}?',
    add: 'Lisää',
    added: '%{extra} lisätty',
  },
};

const fr: UpsalesMessages = {
  pages: { upsalesRules: 'Règles de vente additionnelle' },
  validation: {
    notVas: 'Pas un article de service additionnel',
    weightRange: 'Le poids maximal ne doit pas être inférieur au poids minimal',
  },
  resources: {
    'admin/services-and-texts/upsales': {
      name: 'Règle de vente additionnelle |||| Règles de vente additionnelle',
      fields: {
        id: 'Id',
        name: 'Nom',
        articleId: 'Option proposée',
        serviceCodes: 'À la réservation des services',
        customerIds: 'Pour les clients',
        customerGroupIds: 'Pour les groupes de clients',
        weightFromKg: 'Poids à partir de, kg',
        weightToKg: 'Poids jusqu’à, kg',
        postalCodeFrom: 'Code postal de livraison à partir de',
        postalCodeTo: 'Code postal de livraison jusqu’à',
        textKey: 'Clé du texte de réservation',
        priority: 'Priorité',
        enabled: 'Active',
        q: 'Recherche',
      },
    },
  },
  upsales: {
    help: 'Le formulaire de réservation propose l’option à qui réserve quand toutes les conditions sont remplies : le client est l’un des clients ou membre de l’un des groupes (aucun choisi : tout le monde), le service réservé est l’un des services (aucun : tous), et le poids et le code postal de livraison sont dans les plages indiquées. La priorité 1 est proposée en premier ; trois propositions au plus sont affichées.',
    textKeyHelp: 'La clé d’un texte de réservation ; vide : « Ajouter <option> ? »',
    anyService: 'Tout service',
    everyone: 'Tout le monde',
    some: '%{customers} clients, %{groups} groupes',
    enable: 'Activer %{name}',
    disable: 'Désactiver %{name}',
    enabledDone: 'La règle est activée',
    disabledDone: 'La règle est désactivée',
    suggestions: 'Options proposées',
    suggestion: 'Ajouter %{extra} ?',
    add: 'Ajouter',
    added: '%{extra} ajouté',
  },
};

export const upsalesMessages: Record<Locale, UpsalesMessages> = { da, en, fi, fr, nb, sv };
