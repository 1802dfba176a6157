import type { Locale } from '../locales';

/**
 * The texts of a department's calendar (docs/decisions/0078-time-windows.md) in the six languages,
 * kept here and spread into each language's messages (pages, validation, resources and the
 * `timeWindows` section), so the language files do not grow by a screen's worth each.
 */
const en = {
  pages: {
    departmentTimeWindows: 'Opening hours',
    productionTimeWindows: 'Production time windows',
  },
  validation: {
    overlap: 'Overlaps another window',
    periodTooLong: 'At most 366 days',
    pickupClosed: 'No pickups on this day: the department is closed for pickups',
    deliveryClosed: 'No deliveries on this day: the department is closed for deliveries',
    departmentClosed:
      'The department is closed on this day (no pickups, no deliveries): nothing to plan',
    afterCutoff:
      'Too late to book a pickup on this day (past the cut-off or the last pickup): choose the next open day',
    beforeEarliestPickup: 'Earlier than the earliest pickup (the lead time after booking)',
    outsidePickupHours: 'Outside the department’s pickup hours on this day',
    outsideDeliveryHours: 'Outside the department’s delivery hours on this day',
  },
  resources: {
    'admin/production-time-window/weeks': {
      name: 'Opening hours |||| Opening hours',
      fields: {
        id: 'Department',
        departmentId: 'Department',
        pickupHours: 'Pickup hours',
        deliveryHours: 'Delivery hours',
        bookingCutoff: 'Same-day cut-off',
        minimumLeadMinutes: 'Lead time, minutes',
        timeZone: 'Time zone',
        weekday: 'Day',
        start: 'From',
        end: 'To',
      },
    },
    'admin/production-time-window': {
      name: 'Production time window |||| Production time windows',
      fields: {
        id: 'Id',
        name: 'Name',
        departmentId: 'Department',
        fromDate: 'From date',
        toDate: 'To date',
        pickupHours: 'Pickup hours',
        deliveryHours: 'Delivery hours',
        bookingCutoff: 'Same-day cut-off',
        weekday: 'Day',
        start: 'From',
        end: 'To',
        q: 'Search',
      },
    },
  },
  timeWindows: {
    weekday: {
      MON: 'Monday',
      TUE: 'Tuesday',
      WED: 'Wednesday',
      THU: 'Thursday',
      FRI: 'Friday',
      SAT: 'Saturday',
      SUN: 'Sunday',
    },
    weekHelp:
      'Local time of the department’s country. No pickup hours: pickups at any hour of every day; with hours, a day without any has no pickups (the same for deliveries). Saving replaces the department’s week.',
    windowHelp:
      'On the dates of the window its hours replace the department’s week; a day without hours is closed. Windows of one department may not share a date.',
    anyHour: 'Any hour',
    closed: 'Closed',
    noCutoff: 'None',
    earliestPickup: 'Earliest pickup: %{date} %{time}',
    noPickupDay: 'No pickup day in the next 60 days',
  },
};

export type TimeWindowMessages = typeof en;

const nb: TimeWindowMessages = {
  pages: {
    departmentTimeWindows: 'Åpningstider',
    productionTimeWindows: 'Produksjonstidsvinduer',
  },
  validation: {
    overlap: 'Overlapper et annet vindu',
    periodTooLong: 'Høyst 366 dager',
    pickupClosed: 'Ingen henting denne dagen: avdelingen er stengt for henting',
    deliveryClosed: 'Ingen levering denne dagen: avdelingen er stengt for levering',
    departmentClosed:
      'Avdelingen er stengt denne dagen (ingen henting, ingen levering): ingenting å planlegge',
    afterCutoff:
      'For sent å bestille henting denne dagen (etter bestillingsfristen eller siste henting): velg neste åpne dag',
    beforeEarliestPickup: 'Tidligere enn tidligste henting (ledetiden etter bestilling)',
    outsidePickupHours: 'Utenfor avdelingens hentetider denne dagen',
    outsideDeliveryHours: 'Utenfor avdelingens leveringstider denne dagen',
  },
  resources: {
    'admin/production-time-window/weeks': {
      name: 'Åpningstider |||| Åpningstider',
      fields: {
        id: 'Avdeling',
        departmentId: 'Avdeling',
        pickupHours: 'Hentetider',
        deliveryHours: 'Leveringstider',
        bookingCutoff: 'Bestillingsfrist samme dag',
        minimumLeadMinutes: 'Ledetid, minutter',
        timeZone: 'Tidssone',
        weekday: 'Dag',
        start: 'Fra',
        end: 'Til',
      },
    },
    'admin/production-time-window': {
      name: 'Produksjonstidsvindu |||| Produksjonstidsvinduer',
      fields: {
        id: 'Id',
        name: 'Navn',
        departmentId: 'Avdeling',
        fromDate: 'Fra dato',
        toDate: 'Til dato',
        pickupHours: 'Hentetider',
        deliveryHours: 'Leveringstider',
        bookingCutoff: 'Bestillingsfrist samme dag',
        weekday: 'Dag',
        start: 'Fra',
        end: 'Til',
        q: 'Søk',
      },
    },
  },
  timeWindows: {
    weekday: {
      MON: 'Mandag',
      TUE: 'Tirsdag',
      WED: 'Onsdag',
      THU: 'Torsdag',
      FRI: 'Fredag',
      SAT: 'Lørdag',
      SUN: 'Søndag',
    },
    weekHelp:
      'Lokal tid i avdelingens land. Ingen hentetider: henting når som helst alle dager; med tider har en dag uten tider ingen henting (det samme for levering). Lagring erstatter avdelingens uke.',
    windowHelp:
      'På vinduets datoer erstatter tidene avdelingens uke; en dag uten tider er stengt. Vinduer i samme avdeling kan ikke dele en dato.',
    anyHour: 'Når som helst',
    closed: 'Stengt',
    noCutoff: 'Ingen',
    earliestPickup: 'Tidligste henting: %{date} %{time}',
    noPickupDay: 'Ingen hentedag de neste 60 dagene',
  },
};

const sv: TimeWindowMessages = {
  pages: {
    departmentTimeWindows: 'Öppettider',
    productionTimeWindows: 'Produktionstidsfönster',
  },
  validation: {
    overlap: 'Överlappar ett annat fönster',
    periodTooLong: 'Högst 366 dagar',
    pickupClosed: 'Ingen upphämtning denna dag: avdelningen är stängd för upphämtning',
    deliveryClosed: 'Ingen leverans denna dag: avdelningen är stängd för leverans',
    departmentClosed:
      'Avdelningen är stängd denna dag (ingen upphämtning, ingen leverans): inget att planera',
    afterCutoff:
      'För sent att boka upphämtning denna dag (efter sista bokningstid eller sista upphämtning): välj nästa öppna dag',
    beforeEarliestPickup: 'Tidigare än tidigaste upphämtning (ledtiden efter bokning)',
    outsidePickupHours: 'Utanför avdelningens upphämtningstider denna dag',
    outsideDeliveryHours: 'Utanför avdelningens leveranstider denna dag',
  },
  resources: {
    'admin/production-time-window/weeks': {
      name: 'Öppettider |||| Öppettider',
      fields: {
        id: 'Avdelning',
        departmentId: 'Avdelning',
        pickupHours: 'Upphämtningstider',
        deliveryHours: 'Leveranstider',
        bookingCutoff: 'Sista bokningstid samma dag',
        minimumLeadMinutes: 'Ledtid, minuter',
        timeZone: 'Tidszon',
        weekday: 'Dag',
        start: 'Från',
        end: 'Till',
      },
    },
    'admin/production-time-window': {
      name: 'Produktionstidsfönster |||| Produktionstidsfönster',
      fields: {
        id: 'Id',
        name: 'Namn',
        departmentId: 'Avdelning',
        fromDate: 'Från datum',
        toDate: 'Till datum',
        pickupHours: 'Upphämtningstider',
        deliveryHours: 'Leveranstider',
        bookingCutoff: 'Sista bokningstid samma dag',
        weekday: 'Dag',
        start: 'Från',
        end: 'Till',
        q: 'Sök',
      },
    },
  },
  timeWindows: {
    weekday: {
      MON: 'Måndag',
      TUE: 'Tisdag',
      WED: 'Onsdag',
      THU: 'Torsdag',
      FRI: 'Fredag',
      SAT: 'Lördag',
      SUN: 'Söndag',
    },
    weekHelp:
      'Lokal tid i avdelningens land. Inga upphämtningstider: upphämtning när som helst alla dagar; med tider har en dag utan tider ingen upphämtning (detsamma för leverans). Att spara ersätter avdelningens vecka.',
    windowHelp:
      'Under fönstrets datum ersätter dess tider avdelningens vecka; en dag utan tider är stängd. Fönster i samma avdelning får inte dela ett datum.',
    anyHour: 'När som helst',
    closed: 'Stängt',
    noCutoff: 'Ingen',
    earliestPickup: 'Tidigaste upphämtning: %{date} %{time}',
    noPickupDay: 'Ingen upphämtningsdag de närmaste 60 dagarna',
  },
};

const da: TimeWindowMessages = {
  pages: {
    departmentTimeWindows: 'Åbningstider',
    productionTimeWindows: 'Produktionstidsvinduer',
  },
  validation: {
    overlap: 'Overlapper et andet vindue',
    periodTooLong: 'Højst 366 dage',
    pickupClosed: 'Ingen afhentning denne dag: afdelingen er lukket for afhentning',
    deliveryClosed: 'Ingen levering denne dag: afdelingen er lukket for levering',
    departmentClosed:
      'Afdelingen er lukket denne dag (ingen afhentning, ingen levering): intet at planlægge',
    afterCutoff:
      'For sent at bestille afhentning denne dag (efter bestillingsfristen eller sidste afhentning): vælg næste åbne dag',
    beforeEarliestPickup: 'Tidligere end tidligste afhentning (leveringstiden efter bestilling)',
    outsidePickupHours: 'Uden for afdelingens afhentningstider denne dag',
    outsideDeliveryHours: 'Uden for afdelingens leveringstider denne dag',
  },
  resources: {
    'admin/production-time-window/weeks': {
      name: 'Åbningstider |||| Åbningstider',
      fields: {
        id: 'Afdeling',
        departmentId: 'Afdeling',
        pickupHours: 'Afhentningstider',
        deliveryHours: 'Leveringstider',
        bookingCutoff: 'Bestillingsfrist samme dag',
        minimumLeadMinutes: 'Forberedelsestid, minutter',
        timeZone: 'Tidszone',
        weekday: 'Dag',
        start: 'Fra',
        end: 'Til',
      },
    },
    'admin/production-time-window': {
      name: 'Produktionstidsvindue |||| Produktionstidsvinduer',
      fields: {
        id: 'Id',
        name: 'Navn',
        departmentId: 'Afdeling',
        fromDate: 'Fra dato',
        toDate: 'Til dato',
        pickupHours: 'Afhentningstider',
        deliveryHours: 'Leveringstider',
        bookingCutoff: 'Bestillingsfrist samme dag',
        weekday: 'Dag',
        start: 'Fra',
        end: 'Til',
        q: 'Søg',
      },
    },
  },
  timeWindows: {
    weekday: {
      MON: 'Mandag',
      TUE: 'Tirsdag',
      WED: 'Onsdag',
      THU: 'Torsdag',
      FRI: 'Fredag',
      SAT: 'Lørdag',
      SUN: 'Søndag',
    },
    weekHelp:
      'Lokal tid i afdelingens land. Ingen afhentningstider: afhentning når som helst alle dage; med tider har en dag uden tider ingen afhentning (det samme for levering). At gemme erstatter afdelingens uge.',
    windowHelp:
      'På vinduets datoer erstatter dets tider afdelingens uge; en dag uden tider er lukket. Vinduer i samme afdeling må ikke dele en dato.',
    anyHour: 'Når som helst',
    closed: 'Lukket',
    noCutoff: 'Ingen',
    earliestPickup: 'Tidligste afhentning: %{date} %{time}',
    noPickupDay: 'Ingen afhentningsdag de næste 60 dage',
  },
};

const fi: TimeWindowMessages = {
  pages: {
    departmentTimeWindows: 'Aukioloajat',
    productionTimeWindows: 'Tuotannon aikaikkunat',
  },
  validation: {
    overlap: 'Menee päällekkäin toisen ikkunan kanssa',
    periodTooLong: 'Enintään 366 päivää',
    pickupClosed: 'Ei noutoja tänä päivänä: osasto on suljettu noudoilta',
    deliveryClosed: 'Ei toimituksia tänä päivänä: osasto on suljettu toimituksilta',
    departmentClosed:
      'Osasto on suljettu tänä päivänä (ei noutoja, ei toimituksia): ei suunniteltavaa',
    afterCutoff:
      'Liian myöhään tilata nouto tälle päivälle (tilausajan tai viimeisen noudon jälkeen): valitse seuraava avoin päivä',
    beforeEarliestPickup: 'Aikaisemmin kuin aikaisin nouto (valmisteluaika tilauksesta)',
    outsidePickupHours: 'Osaston noutoaikojen ulkopuolella tänä päivänä',
    outsideDeliveryHours: 'Osaston toimitusaikojen ulkopuolella tänä päivänä',
  },
  resources: {
    'admin/production-time-window/weeks': {
      name: 'Aukioloajat |||| Aukioloajat',
      fields: {
        id: 'Osasto',
        departmentId: 'Osasto',
        pickupHours: 'Noutoajat',
        deliveryHours: 'Toimitusajat',
        bookingCutoff: 'Saman päivän tilausaika',
        minimumLeadMinutes: 'Valmisteluaika, minuuttia',
        timeZone: 'Aikavyöhyke',
        weekday: 'Päivä',
        start: 'Alkaen',
        end: 'Asti',
      },
    },
    'admin/production-time-window': {
      name: 'Tuotannon aikaikkuna |||| Tuotannon aikaikkunat',
      fields: {
        id: 'Tunnus',
        name: 'Nimi',
        departmentId: 'Osasto',
        fromDate: 'Alkupäivä',
        toDate: 'Loppupäivä',
        pickupHours: 'Noutoajat',
        deliveryHours: 'Toimitusajat',
        bookingCutoff: 'Saman päivän tilausaika',
        weekday: 'Päivä',
        start: 'Alkaen',
        end: 'Asti',
        q: 'Haku',
      },
    },
  },
  timeWindows: {
    weekday: {
      MON: 'Maanantai',
      TUE: 'Tiistai',
      WED: 'Keskiviikko',
      THU: 'Torstai',
      FRI: 'Perjantai',
      SAT: 'Lauantai',
      SUN: 'Sunnuntai',
    },
    weekHelp:
      'Osaston maan paikallista aikaa. Ei noutoaikoja: noudot mihin aikaan tahansa joka päivä; aikojen kanssa päivä ilman aikoja on ilman noutoja (samoin toimitukset). Tallennus korvaa osaston viikon.',
    windowHelp:
      'Ikkunan päivinä sen ajat korvaavat osaston viikon; päivä ilman aikoja on suljettu. Saman osaston ikkunoilla ei saa olla yhteisiä päiviä.',
    anyHour: 'Mihin aikaan tahansa',
    closed: 'Suljettu',
    noCutoff: 'Ei mitään',
    earliestPickup: 'Aikaisin nouto: %{date} %{time}',
    noPickupDay: 'Ei noutopäivää seuraavan 60 päivän aikana',
  },
};

const fr: TimeWindowMessages = {
  pages: {
    departmentTimeWindows: 'Horaires d’ouverture',
    productionTimeWindows: 'Créneaux de production',
  },
  validation: {
    overlap: 'Chevauche un autre créneau',
    periodTooLong: '366 jours au plus',
    pickupClosed: 'Aucun enlèvement ce jour : l’agence est fermée aux enlèvements',
    deliveryClosed: 'Aucune livraison ce jour : l’agence est fermée aux livraisons',
    departmentClosed:
      'L’agence est fermée ce jour (ni enlèvement, ni livraison) : rien à planifier',
    afterCutoff:
      'Trop tard pour réserver un enlèvement ce jour (heure limite ou dernier enlèvement passés) : choisissez le prochain jour ouvert',
    beforeEarliestPickup: 'Avant l’enlèvement au plus tôt (le délai après la réservation)',
    outsidePickupHours: 'En dehors des horaires d’enlèvement de l’agence ce jour',
    outsideDeliveryHours: 'En dehors des horaires de livraison de l’agence ce jour',
  },
  resources: {
    'admin/production-time-window/weeks': {
      name: 'Horaires d’ouverture |||| Horaires d’ouverture',
      fields: {
        id: 'Agence',
        departmentId: 'Agence',
        pickupHours: 'Horaires d’enlèvement',
        deliveryHours: 'Horaires de livraison',
        bookingCutoff: 'Heure limite du jour même',
        minimumLeadMinutes: 'Délai, minutes',
        timeZone: 'Fuseau horaire',
        weekday: 'Jour',
        start: 'De',
        end: 'À',
      },
    },
    'admin/production-time-window': {
      name: 'Créneau de production |||| Créneaux de production',
      fields: {
        id: 'Id',
        name: 'Nom',
        departmentId: 'Agence',
        fromDate: 'Date de début',
        toDate: 'Date de fin',
        pickupHours: 'Horaires d’enlèvement',
        deliveryHours: 'Horaires de livraison',
        bookingCutoff: 'Heure limite du jour même',
        weekday: 'Jour',
        start: 'De',
        end: 'À',
        q: 'Recherche',
      },
    },
  },
  timeWindows: {
    weekday: {
      MON: 'Lundi',
      TUE: 'Mardi',
      WED: 'Mercredi',
      THU: 'Jeudi',
      FRI: 'Vendredi',
      SAT: 'Samedi',
      SUN: 'Dimanche',
    },
    weekHelp:
      'Heure locale du pays de l’agence. Sans horaires d’enlèvement : enlèvements à toute heure tous les jours ; avec des horaires, un jour sans horaire n’a pas d’enlèvement (de même pour les livraisons). Enregistrer remplace la semaine de l’agence.',
    windowHelp:
      'Aux dates du créneau, ses horaires remplacent la semaine de l’agence ; un jour sans horaire est fermé. Les créneaux d’une même agence ne peuvent pas partager une date.',
    anyHour: 'À toute heure',
    closed: 'Fermé',
    noCutoff: 'Aucune',
    earliestPickup: 'Enlèvement au plus tôt : %{date} %{time}',
    noPickupDay: 'Aucun jour d’enlèvement dans les 60 prochains jours',
  },
};

export const timeWindowMessages: Record<Locale, TimeWindowMessages> = { da, en, fi, fr, nb, sv };
