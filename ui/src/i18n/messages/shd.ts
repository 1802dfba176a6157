import type { Locale } from '../locales';

/**
 * The texts of same-day home delivery (docs/decisions/0092-shd.md) in the six languages, spread
 * into each language's messages (pages, validation, resources and the `shd` section).
 */
const en = {
  pages: { shdSettings: 'Same-day home delivery' },
  validation: {
    shdFull:
      'Same-day home delivery is fully booked on this day for the department: choose another day or service',
    shdOff: 'Same-day home delivery is off for the department',
  },
  resources: {
    'admin/shd': {
      name: 'Same-day home delivery |||| Same-day home delivery',
      fields: {
        id: 'Department',
        departmentId: 'Department',
        enabled: 'Same-day home delivery on',
        serviceIds: 'Services',
        dailyCapacity: 'Orders per day',
        today: 'Today',
        timeZone: 'Time zone',
      },
    },
  },
  shd: {
    help: 'Same-day home delivery: which services are delivered home the same day, and how many orders one delivery day takes. The cut-off is the department’s opening hours’, the postal codes its matrix’s.',
    on: 'On',
    off: 'Off',
    today: '%{used} booked, %{free} free',
  },
};

export type ShdMessages = typeof en;

const nb: ShdMessages = {
  pages: { shdSettings: 'Hjemlevering samme dag' },
  validation: {
    shdFull:
      'Hjemlevering samme dag er fullbooket denne dagen for avdelingen: velg en annen dag eller tjeneste',
    shdOff: 'Hjemlevering samme dag er slått av for avdelingen',
  },
  resources: {
    'admin/shd': {
      name: 'Hjemlevering samme dag |||| Hjemlevering samme dag',
      fields: {
        id: 'Avdeling',
        departmentId: 'Avdeling',
        enabled: 'Hjemlevering samme dag på',
        serviceIds: 'Tjenester',
        dailyCapacity: 'Ordrer per dag',
        today: 'I dag',
        timeZone: 'Tidssone',
      },
    },
  },
  shd: {
    help: 'Hjemlevering samme dag: hvilke tjenester som leveres hjem samme dag, og hvor mange ordrer én leveringsdag tar. Stopptiden er avdelingens åpningstiders, postnumrene matrisens.',
    on: 'På',
    off: 'Av',
    today: '%{used} booket, %{free} ledige',
  },
};

const sv: ShdMessages = {
  pages: { shdSettings: 'Hemleverans samma dag' },
  validation: {
    shdFull:
      'Hemleverans samma dag är fullbokad denna dag för avdelningen: välj en annan dag eller tjänst',
    shdOff: 'Hemleverans samma dag är avstängd för avdelningen',
  },
  resources: {
    'admin/shd': {
      name: 'Hemleverans samma dag |||| Hemleverans samma dag',
      fields: {
        id: 'Avdelning',
        departmentId: 'Avdelning',
        enabled: 'Hemleverans samma dag på',
        serviceIds: 'Tjänster',
        dailyCapacity: 'Order per dag',
        today: 'I dag',
        timeZone: 'Tidszon',
      },
    },
  },
  shd: {
    help: 'Hemleverans samma dag: vilka tjänster som levereras hem samma dag och hur många order en leveransdag tar. Stopptiden är avdelningens öppettiders, postnumren matrisens.',
    on: 'På',
    off: 'Av',
    today: '%{used} bokade, %{free} lediga',
  },
};

const da: ShdMessages = {
  pages: { shdSettings: 'Hjemmelevering samme dag' },
  validation: {
    shdFull:
      'Hjemmelevering samme dag er fuldt booket denne dag for afdelingen: vælg en anden dag eller ydelse',
    shdOff: 'Hjemmelevering samme dag er slået fra for afdelingen',
  },
  resources: {
    'admin/shd': {
      name: 'Hjemmelevering samme dag |||| Hjemmelevering samme dag',
      fields: {
        id: 'Afdeling',
        departmentId: 'Afdeling',
        enabled: 'Hjemmelevering samme dag til',
        serviceIds: 'Ydelser',
        dailyCapacity: 'Ordrer pr. dag',
        today: 'I dag',
        timeZone: 'Tidszone',
      },
    },
  },
  shd: {
    help: 'Hjemmelevering samme dag: hvilke ydelser der leveres hjem samme dag, og hvor mange ordrer én leveringsdag tager. Sidste frist er afdelingens åbningstiders, postnumrene matricens.',
    on: 'Til',
    off: 'Fra',
    today: '%{used} booket, %{free} ledige',
  },
};

const fi: ShdMessages = {
  pages: { shdSettings: 'Kotiinkuljetus samana päivänä' },
  validation: {
    shdFull:
      'Saman päivän kotiinkuljetus on tälle päivälle täynnä osastolla: valitse toinen päivä tai palvelu',
    shdOff: 'Saman päivän kotiinkuljetus on pois päältä osastolla',
  },
  resources: {
    'admin/shd': {
      name: 'Kotiinkuljetus samana päivänä |||| Kotiinkuljetus samana päivänä',
      fields: {
        id: 'Osasto',
        departmentId: 'Osasto',
        enabled: 'Saman päivän kotiinkuljetus käytössä',
        serviceIds: 'Palvelut',
        dailyCapacity: 'Tilauksia päivässä',
        today: 'Tänään',
        timeZone: 'Aikavyöhyke',
      },
    },
  },
  shd: {
    help: 'Saman päivän kotiinkuljetus: mitkä palvelut toimitetaan kotiin samana päivänä ja montako tilausta yksi toimituspäivä ottaa. Tilausraja on osaston aukioloaikojen, postinumerot matriisin.',
    on: 'Käytössä',
    off: 'Pois',
    today: '%{used} varattu, %{free} vapaana',
  },
};

const fr: ShdMessages = {
  pages: { shdSettings: 'Livraison à domicile le jour même' },
  validation: {
    shdFull:
      'La livraison à domicile le jour même est complète ce jour pour le département : choisissez un autre jour ou service',
    shdOff: 'La livraison à domicile le jour même est désactivée pour le département',
  },
  resources: {
    'admin/shd': {
      name: 'Livraison à domicile le jour même |||| Livraison à domicile le jour même',
      fields: {
        id: 'Département',
        departmentId: 'Département',
        enabled: 'Livraison à domicile le jour même activée',
        serviceIds: 'Services',
        dailyCapacity: 'Commandes par jour',
        today: "Aujourd'hui",
        timeZone: 'Fuseau horaire',
      },
    },
  },
  shd: {
    help: "Livraison à domicile le jour même : les services livrés à domicile le jour même, et le nombre de commandes qu'un jour de livraison accepte. L'heure limite est celle des horaires du département, les codes postaux ceux de sa matrice.",
    on: 'Activée',
    off: 'Désactivée',
    today: '%{used} réservées, %{free} libres',
  },
};

export const shdMessages: Record<Locale, ShdMessages> = { da, en, fi, fr, nb, sv };
