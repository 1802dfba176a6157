import type { Locale } from '../locales';

/**
 * The texts of the department matrix (docs/decisions/0079-department-matrix.md) in the six
 * languages, spread into each language's messages (pages, validation, resources and the `matrix`
 * section), as the time windows' are.
 */
const en = {
  pages: { departmentMatrix: 'Department matrix' },
  validation: {
    postalCodeRange:
      'The last postal code must have as many digits as the first and not come before it',
    serviceRepeated: 'This service is already in the list',
    rangeOverlap: 'Overlaps another range of this department that offers the same service',
  },
  resources: {
    'admin/matrix': {
      name: 'Matrix entry |||| Department matrix',
      fields: {
        id: 'Id',
        departmentId: 'Department',
        name: 'Name',
        postalCodeFrom: 'From postal code',
        postalCodeTo: 'To postal code',
        serviceCodes: 'Services',
        leadTimeDays: 'Lead time, days',
        deliveryWeekdays: 'Delivery days',
        q: 'Search',
      },
    },
  },
  matrix: {
    help: 'A department with entries offers its services only to the postal codes of its ranges: outside every range the checkout offers nothing. Deliveries start the lead time after the order, on the days ticked (none ticked: every day). Two ranges of a department may not share a postal code for the same service.',
    everyDay: 'Every day',
  },
};

export type MatrixMessages = typeof en;

const nb: MatrixMessages = {
  pages: { departmentMatrix: 'Avdelingsmatrise' },
  validation: {
    postalCodeRange:
      'Det siste postnummeret må ha like mange sifre som det første og ikke komme før det',
    serviceRepeated: 'Denne tjenesten står allerede i listen',
    rangeOverlap: 'Overlapper et annet intervall i avdelingen med samme tjeneste',
  },
  resources: {
    'admin/matrix': {
      name: 'Matriselinje |||| Avdelingsmatrise',
      fields: {
        id: 'Id',
        departmentId: 'Avdeling',
        name: 'Navn',
        postalCodeFrom: 'Fra postnummer',
        postalCodeTo: 'Til postnummer',
        serviceCodes: 'Tjenester',
        leadTimeDays: 'Ledetid, dager',
        deliveryWeekdays: 'Leveringsdager',
        q: 'Søk',
      },
    },
  },
  matrix: {
    help: 'En avdeling med linjer tilbyr tjenestene sine bare til postnumrene i intervallene: utenfor alle intervaller tilbyr kassen ingenting. Leveringer starter ledetiden etter bestillingen, på de avkryssede dagene (ingen avkrysset: alle dager). To intervaller i en avdeling kan ikke dele et postnummer for samme tjeneste.',
    everyDay: 'Alle dager',
  },
};

const sv: MatrixMessages = {
  pages: { departmentMatrix: 'Avdelningsmatris' },
  validation: {
    postalCodeRange:
      'Det sista postnumret måste ha lika många siffror som det första och inte komma före det',
    serviceRepeated: 'Tjänsten finns redan i listan',
    rangeOverlap: 'Överlappar ett annat intervall i avdelningen med samma tjänst',
  },
  resources: {
    'admin/matrix': {
      name: 'Matrisrad |||| Avdelningsmatris',
      fields: {
        id: 'Id',
        departmentId: 'Avdelning',
        name: 'Namn',
        postalCodeFrom: 'Från postnummer',
        postalCodeTo: 'Till postnummer',
        serviceCodes: 'Tjänster',
        leadTimeDays: 'Ledtid, dagar',
        deliveryWeekdays: 'Leveransdagar',
        q: 'Sök',
      },
    },
  },
  matrix: {
    help: 'En avdelning med rader erbjuder sina tjänster bara till postnumren i sina intervall: utanför alla intervall erbjuder kassan ingenting. Leveranser börjar ledtiden efter beställningen, på de markerade dagarna (ingen markerad: alla dagar). Två intervall i en avdelning får inte dela ett postnummer för samma tjänst.',
    everyDay: 'Alla dagar',
  },
};

const da: MatrixMessages = {
  pages: { departmentMatrix: 'Afdelingsmatrix' },
  validation: {
    postalCodeRange:
      'Det sidste postnummer skal have lige så mange cifre som det første og ikke komme før det',
    serviceRepeated: 'Denne ydelse er allerede på listen',
    rangeOverlap: 'Overlapper et andet interval i afdelingen med samme ydelse',
  },
  resources: {
    'admin/matrix': {
      name: 'Matrixlinje |||| Afdelingsmatrix',
      fields: {
        id: 'Id',
        departmentId: 'Afdeling',
        name: 'Navn',
        postalCodeFrom: 'Fra postnummer',
        postalCodeTo: 'Til postnummer',
        serviceCodes: 'Ydelser',
        leadTimeDays: 'Leveringstid, dage',
        deliveryWeekdays: 'Leveringsdage',
        q: 'Søg',
      },
    },
  },
  matrix: {
    help: 'En afdeling med linjer tilbyder kun sine ydelser til postnumrene i sine intervaller: uden for alle intervaller tilbyder kassen intet. Leveringer starter leveringstiden efter bestillingen, på de afkrydsede dage (ingen afkrydset: alle dage). To intervaller i en afdeling må ikke dele et postnummer for samme ydelse.',
    everyDay: 'Alle dage',
  },
};

const fi: MatrixMessages = {
  pages: { departmentMatrix: 'Osastomatriisi' },
  validation: {
    postalCodeRange:
      'Viimeisessä postinumerossa on oltava yhtä monta numeroa kuin ensimmäisessä, eikä se saa olla sitä ennen',
    serviceRepeated: 'Palvelu on jo luettelossa',
    rangeOverlap: 'Menee päällekkäin osaston toisen saman palvelun välin kanssa',
  },
  resources: {
    'admin/matrix': {
      name: 'Matriisirivi |||| Osastomatriisi',
      fields: {
        id: 'Tunnus',
        departmentId: 'Osasto',
        name: 'Nimi',
        postalCodeFrom: 'Postinumerosta',
        postalCodeTo: 'Postinumeroon',
        serviceCodes: 'Palvelut',
        leadTimeDays: 'Toimitusaika, päivää',
        deliveryWeekdays: 'Toimituspäivät',
        q: 'Haku',
      },
    },
  },
  matrix: {
    help: 'Osasto, jolla on rivejä, tarjoaa palvelujaan vain välien postinumeroihin: kaikkien välien ulkopuolella kassa ei tarjoa mitään. Toimitukset alkavat toimitusajan kuluttua tilauksesta, valittuina päivinä (ei valintaa: joka päivä). Osaston kaksi väliä eivät saa jakaa postinumeroa saman palvelun osalta.',
    everyDay: 'Joka päivä',
  },
};

const fr: MatrixMessages = {
  pages: { departmentMatrix: 'Matrice de l’agence' },
  validation: {
    postalCodeRange:
      'Le dernier code postal doit avoir autant de chiffres que le premier et ne pas le précéder',
    serviceRepeated: 'Ce service est déjà dans la liste',
    rangeOverlap: 'Chevauche une autre plage de cette agence pour le même service',
  },
  resources: {
    'admin/matrix': {
      name: 'Ligne de matrice |||| Matrice des agences',
      fields: {
        id: 'Id',
        departmentId: 'Agence',
        name: 'Nom',
        postalCodeFrom: 'Du code postal',
        postalCodeTo: 'Au code postal',
        serviceCodes: 'Services',
        leadTimeDays: 'Délai, jours',
        deliveryWeekdays: 'Jours de livraison',
        q: 'Recherche',
      },
    },
  },
  matrix: {
    help: 'Une agence qui a des lignes n’offre ses services qu’aux codes postaux de ses plages : hors de toute plage, le paiement n’offre rien. Les livraisons commencent après le délai suivant la commande, les jours cochés (aucun coché : tous les jours). Deux plages d’une agence ne peuvent pas partager un code postal pour le même service.',
    everyDay: 'Tous les jours',
  },
};

export const matrixMessages: Record<Locale, MatrixMessages> = { da, en, fi, fr, nb, sv };
