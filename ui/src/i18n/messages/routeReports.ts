import type { Locale } from '../locales';

/**
 * The route figures of the productivity dashboard and the planner's report
 * (docs/decisions/0090-route-reports.md) in the six languages.
 */
const en = {
  title: 'Routes',
  table: 'Routes by %{group}',
  slots: 'Slots',
  plannedKm: 'Planned km',
  drivenKm: 'Driven km',
  plannedDrivingMinutes: 'Planned driving (min)',
  drivenMinutes: 'Driven (min)',
  workingMinutes: 'Working time (min)',
  workedStops: 'Stops worked',
  stopsPerHour: 'Stops per hour',
  loadFactorWeight: 'Load factor, weight',
  loadFactorVolume: 'Load factor, volume',
  exportCsv: 'Routes as CSV',
  exportXlsx: 'Routes as Excel',
  hint: 'Working time runs from a slot’s start to its completion; driven kilometres are the courier’s positions while the slot is in progress.',
};

type Texts = typeof en;

const nb: Texts = {
  title: 'Ruter',
  table: 'Ruter per %{group}',
  slots: 'Turer',
  plannedKm: 'Planlagte km',
  drivenKm: 'Kjørte km',
  plannedDrivingMinutes: 'Planlagt kjøring (min)',
  drivenMinutes: 'Kjørt (min)',
  workingMinutes: 'Arbeidstid (min)',
  workedStops: 'Stopp utført',
  stopsPerHour: 'Stopp per time',
  loadFactorWeight: 'Fyllingsgrad, vekt',
  loadFactorVolume: 'Fyllingsgrad, volum',
  exportCsv: 'Ruter som CSV',
  exportXlsx: 'Ruter som Excel',
  hint: 'Arbeidstiden går fra turen startes til den fullføres; kjørte kilometer er budets posisjoner mens turen pågår.',
};

const sv: Texts = {
  title: 'Rutter',
  table: 'Rutter per %{group}',
  slots: 'Turer',
  plannedKm: 'Planerade km',
  drivenKm: 'Körda km',
  plannedDrivingMinutes: 'Planerad körning (min)',
  drivenMinutes: 'Körd (min)',
  workingMinutes: 'Arbetstid (min)',
  workedStops: 'Utförda stopp',
  stopsPerHour: 'Stopp per timme',
  loadFactorWeight: 'Fyllnadsgrad, vikt',
  loadFactorVolume: 'Fyllnadsgrad, volym',
  exportCsv: 'Rutter som CSV',
  exportXlsx: 'Rutter som Excel',
  hint: 'Arbetstiden räknas från att turen startas tills den slutförs; körda kilometer är budets positioner medan turen pågår.',
};

const da: Texts = {
  title: 'Ruter',
  table: 'Ruter pr. %{group}',
  slots: 'Ture',
  plannedKm: 'Planlagte km',
  drivenKm: 'Kørte km',
  plannedDrivingMinutes: 'Planlagt kørsel (min)',
  drivenMinutes: 'Kørt (min)',
  workingMinutes: 'Arbejdstid (min)',
  workedStops: 'Udførte stop',
  stopsPerHour: 'Stop pr. time',
  loadFactorWeight: 'Fyldningsgrad, vægt',
  loadFactorVolume: 'Fyldningsgrad, volumen',
  exportCsv: 'Ruter som CSV',
  exportXlsx: 'Ruter som Excel',
  hint: 'Arbejdstiden løber fra turen startes, til den afsluttes; kørte kilometer er budets positioner, mens turen er i gang.',
};

const fi: Texts = {
  title: 'Reitit',
  table: 'Reitit: %{group}',
  slots: 'Ajot',
  plannedKm: 'Suunnitellut km',
  drivenKm: 'Ajetut km',
  plannedDrivingMinutes: 'Suunniteltu ajo (min)',
  drivenMinutes: 'Ajettu (min)',
  workingMinutes: 'Työaika (min)',
  workedStops: 'Tehdyt pysähdykset',
  stopsPerHour: 'Pysähdyksiä tunnissa',
  loadFactorWeight: 'Täyttöaste, paino',
  loadFactorVolume: 'Täyttöaste, tilavuus',
  exportCsv: 'Reitit CSV-tiedostona',
  exportXlsx: 'Reitit Excel-tiedostona',
  hint: 'Työaika lasketaan ajon aloituksesta sen päättämiseen; ajetut kilometrit ovat kuljettajan sijainnit ajon ollessa käynnissä.',
};

const fr: Texts = {
  title: 'Tournées',
  table: 'Tournées par %{group}',
  slots: 'Créneaux',
  plannedKm: 'km prévus',
  drivenKm: 'km parcourus',
  plannedDrivingMinutes: 'Conduite prévue (min)',
  drivenMinutes: 'Conduite réelle (min)',
  workingMinutes: 'Temps de travail (min)',
  workedStops: 'Arrêts effectués',
  stopsPerHour: 'Arrêts par heure',
  loadFactorWeight: 'Taux de remplissage, poids',
  loadFactorVolume: 'Taux de remplissage, volume',
  exportCsv: 'Tournées en CSV',
  exportXlsx: 'Tournées en Excel',
  hint: 'Le temps de travail va du démarrage du créneau à sa clôture ; les km parcourus suivent les positions du coursier pendant le créneau.',
};

export const routeReportsMessages: Record<Locale, Texts> = { en, nb, sv, da, fi, fr };
