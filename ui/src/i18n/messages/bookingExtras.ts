import type { Locale } from '../locales';

/**
 * The h2 booking page and the order updates of a shipment's details
 * (docs/decisions/0086-booking-extras.md) in the six languages.
 */
const en = {
  h2Booking: {
    title: 'H2 booking',
    menu: 'H2 booking',
    intro:
      'A quick booking: one line per package with its weight and measures. Each package gets its id when the order is saved.',
    packageId: 'Package id',
    given: 'Given on save',
  },
  orderUpdates: {
    title: 'Service, vehicle and delivery time',
    save: 'Save',
    done: 'The order was changed',
  },
};

type Texts = typeof en;

const nb: Texts = {
  h2Booking: {
    title: 'H2-booking',
    menu: 'H2-booking',
    intro:
      'En rask booking: én linje per kolli med vekt og mål. Hvert kolli får sin id når ordren lagres.',
    packageId: 'Kolli-id',
    given: 'Gis ved lagring',
  },
  orderUpdates: {
    title: 'Tjeneste, kjøretøy og leveringstid',
    save: 'Lagre',
    done: 'Ordren ble endret',
  },
};

const sv: Texts = {
  h2Booking: {
    title: 'H2-bokning',
    menu: 'H2-bokning',
    intro:
      'En snabb bokning: en rad per kolli med vikt och mått. Varje kolli får sitt id när ordern sparas.',
    packageId: 'Kolli-id',
    given: 'Ges när ordern sparas',
  },
  orderUpdates: {
    title: 'Tjänst, fordon och leveranstid',
    save: 'Spara',
    done: 'Ordern ändrades',
  },
};

const da: Texts = {
  h2Booking: {
    title: 'H2-booking',
    menu: 'H2-booking',
    intro:
      'En hurtig booking: én linje pr. kolli med vægt og mål. Hvert kolli får sit id, når ordren gemmes.',
    packageId: 'Kolli-id',
    given: 'Gives ved gem',
  },
  orderUpdates: {
    title: 'Service, køretøj og leveringstid',
    save: 'Gem',
    done: 'Ordren blev ændret',
  },
};

const fi: Texts = {
  h2Booking: {
    title: 'H2-tilaus',
    menu: 'H2-tilaus',
    intro:
      'Pikatilaus: yksi rivi kollia kohden painoineen ja mittoineen. Jokainen kolli saa tunnuksensa, kun tilaus tallennetaan.',
    packageId: 'Kollin tunnus',
    given: 'Annetaan tallennettaessa',
  },
  orderUpdates: {
    title: 'Palvelu, ajoneuvo ja toimitusaika',
    save: 'Tallenna',
    done: 'Tilausta muutettiin',
  },
};

const fr: Texts = {
  h2Booking: {
    title: 'Réservation H2',
    menu: 'Réservation H2',
    intro:
      'Une réservation rapide : une ligne par colis avec son poids et ses dimensions. Chaque colis reçoit son identifiant à l’enregistrement.',
    packageId: 'Identifiant du colis',
    given: 'Attribué à l’enregistrement',
  },
  orderUpdates: {
    title: 'Service, véhicule et heure de livraison',
    save: 'Enregistrer',
    done: 'La commande a été modifiée',
  },
};

export const bookingExtrasMessages: Record<Locale, Texts> = { en, nb, sv, da, fi, fr };
