import type { Locale } from '../locales';

/**
 * The texts of the admin report (docs/decisions/0082-admin-report.md) in the six languages,
 * spread into each language's messages (pages and the `adminReport` section).
 */
const en = {
  pages: { adminReport: 'Company report' },
  adminReport: {
    menu: 'Company report',
    type: 'Report',
    types: { departments: 'Per department', customers: 'Top customers', days: 'Day by day' },
    groups: { departments: 'Department', customers: 'Customer', days: 'Day' },
    otherCustomers: 'Other customers',
    routesByDay: 'Department and day',
  },
};

type Texts = typeof en;

const nb: Texts = {
  pages: { adminReport: 'Selskapsrapport' },
  adminReport: {
    menu: 'Selskapsrapport',
    type: 'Rapport',
    types: { departments: 'Per avdeling', customers: 'Største kunder', days: 'Dag for dag' },
    groups: { departments: 'Avdeling', customers: 'Kunde', days: 'Dag' },
    otherCustomers: 'Andre kunder',
    routesByDay: 'Avdeling og dag',
  },
};

const sv: Texts = {
  pages: { adminReport: 'Företagsrapport' },
  adminReport: {
    menu: 'Företagsrapport',
    type: 'Rapport',
    types: { departments: 'Per avdelning', customers: 'Största kunder', days: 'Dag för dag' },
    groups: { departments: 'Avdelning', customers: 'Kund', days: 'Dag' },
    otherCustomers: 'Övriga kunder',
    routesByDay: 'Avdelning och dag',
  },
};

const da: Texts = {
  pages: { adminReport: 'Virksomhedsrapport' },
  adminReport: {
    menu: 'Virksomhedsrapport',
    type: 'Rapport',
    types: { departments: 'Pr. afdeling', customers: 'Største kunder', days: 'Dag for dag' },
    groups: { departments: 'Afdeling', customers: 'Kunde', days: 'Dag' },
    otherCustomers: 'Øvrige kunder',
    routesByDay: 'Afdeling og dag',
  },
};

const fi: Texts = {
  pages: { adminReport: 'Yritysraportti' },
  adminReport: {
    menu: 'Yritysraportti',
    type: 'Raportti',
    types: { departments: 'Osastoittain', customers: 'Suurimmat asiakkaat', days: 'Päivittäin' },
    groups: { departments: 'Osasto', customers: 'Asiakas', days: 'Päivä' },
    otherCustomers: 'Muut asiakkaat',
    routesByDay: 'Osasto ja päivä',
  },
};

const fr: Texts = {
  pages: { adminReport: 'Rapport de l’entreprise' },
  adminReport: {
    menu: 'Rapport de l’entreprise',
    type: 'Rapport',
    types: {
      departments: 'Par agence',
      customers: 'Principaux clients',
      days: 'Jour par jour',
    },
    groups: { departments: 'Agence', customers: 'Client', days: 'Jour' },
    otherCustomers: 'Autres clients',
    routesByDay: 'Agence et jour',
  },
};

export const adminReportMessages: Record<Locale, Texts> = { en, nb, sv, da, fi, fr };
