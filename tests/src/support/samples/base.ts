import { type UpdateCommandName } from '@nordlog/contracts';

/** What an update sample needs to exist first: two departments and two customers. */
export interface SampleWorld {
  departments: [string, string];
  customers: [string, string];
  /** Two courier users of the first department (CREATE_COURIER_USER), by `sampleFleet`. */
  couriers: [string, string];
  /** Two units of the first department, each driven by one of the couriers. */
  units: [string, string];
  /** A vehicle record (isUnit false) of the first department. */
  vehicle: string;
  /** The codes of two articles (a freight and a weight article), for price lists. */
  articleCodes: [string, string];
  /** The ids of two value-added service (SERVICE) articles: upsales rules' extras (0087). */
  vasArticles: [string, string];
  /** An empty customer group (an upsales rule's scope, 0087). */
  customerGroup: string;
  /** An order of the first department and customer planned on a slot (deviations), `samplePlanned`. */
  planned: string;
}

/**
 * An entity to create and, for every field its update command names, a new value. The update
 * suite fails when an update command has no sample or a sample misses one of its fields, so a new
 * command or field is covered the day it is added.
 */
export interface UpdateSample {
  create: Record<string, unknown>;
  changes: Record<string, unknown>;
  /** Fields derived from another: they may change with it (orders' dates, heavy goods). */
  follows?: Record<string, string[]>;
  /** The part of the read-model row the fields are in (orders keep them in `order`). */
  view?: (row: Record<string, unknown>) => Record<string, unknown>;
}

export const address = (name: string, street: string, zipCode: string) => ({
  name,
  address: street,
  zipCode,
  zipArea: 'Oslo',
  countryCode: 'NO',
  lat: 59.91,
  lng: 10.75,
});

/**
 * A content item (0077): a draft to be shown a week ahead, and changes of every field of it, each
 * valid alone (scheduled at its time, a day later, until the day after).
 */
export const DAY = 86_400_000;
export const dayAhead = (n: number) =>
  new Date((Math.ceil(Date.now() / DAY) + n) * DAY).toISOString();
export const content = (title: string) => ({
  title: { en: title, nb: `${title} (nb)` },
  body: { en: 'First text.' },
  targetRoles: ['PLANNER'],
  state: 'DRAFT',
  publishFrom: dayAhead(7),
  publishTo: null,
});
export const contentChanges = () => ({
  title: { en: 'Changed', sv: 'Ändrad' },
  body: { en: 'Second text.' },
  targetRoles: ['PLANNER', 'ADMIN'],
  state: 'SCHEDULED',
  publishFrom: dayAhead(8),
  publishTo: dayAhead(9),
});
export const words = () => `w${Math.random().toString(36).slice(2, 8)}`;
/** A 7-digit GS1 company prefix no other sample series uses (none of the fixed ones start 76). */
export const seriesPrefix = (): string =>
  `76${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;

/**
 * A production time window's dates (docs/decisions/0078): a week of its own far ahead, a new one
 * on every call, so that samples never overlap each other nor touch a booking's dates.
 */
let windowWeeks = Math.floor(Math.random() * 200);
export const productionWeek = (): { fromDate: string; toDate: string } => {
  const start = new Date(Date.UTC(2031, 0, 6) + windowWeeks++ * 14 * 86_400_000);
  const end = new Date(start.getTime() + 6 * 86_400_000);
  return { fromDate: start.toISOString().slice(0, 10), toDate: end.toISOString().slice(0, 10) };
};

/**
 * A department matrix entry's block of Norwegian postal codes (docs/decisions/0079): a hundred
 * codes of their own on every call, so that samples never overlap each other.
 */
let matrixBlocks = Math.floor(Math.random() * 79);
export const matrixBlock = (): number => 2000 + (matrixBlocks++ % 79) * 100;

/** A sample of an update command, made for a sample world. */
export type SampleOf = (world: SampleWorld) => UpdateSample;

/** Samples of some update commands (every key an update command). */
export type Samples = Partial<Record<UpdateCommandName, SampleOf>>;
