import { dayIn, openDates } from '@nordlog/contracts';
import { bookingDate } from '../booking.js';
import { type SampleWorld } from '../samples.js';

export const DATE = bookingDate(2);
export const EMPTY_DAY = bookingDate(40);
export type Payload = Record<string, unknown>;

export interface World extends SampleWorld {
  order: string;
  user: string;
  role: string;
  departmentGroup: string;
  customerGroup: string;
  series: string;
  holiday: string;
  /** A banner, a news item and a help modal (docs/decisions/0077). */
  banner: string;
  news: string;
  helpModal: string;
  /** A production time window of the first department, far ahead (docs/decisions/0078). */
  productionWindow: string;
  /** A department matrix entry of the first department (docs/decisions/0079). */
  matrixEntry: string;
  /** A text of labels and a transport article (a service, its mapping) (docs/decisions/0081). */
  text: string;
  transportArticle: string;
  /** An upsales rule (0087). */
  upsalesRule: string;
  /** A vendor of the first department with a site OSL1 (0091). */
  vendor: string;
  /** A customer nothing refers to (DELETE_CUSTOMER, 0099). */
  loneCustomer: string;
  slot: string;
  template: string;
  /** A finished optimising run. */
  run: string;
  /** The tracking link's key of `order`, and its shipment number. */
  tracking: string;
  shipment: string;
  article: string;
  priceList: string;
  /** A pending order correction of `order`. */
  correction: string;
  /** A deviation of `planned`. */
  deviation: string;
  /** An order delivered (returns, docs/decisions/0057). */
  delivered: string;
  /** A recurring order of `order`, starting on EMPTY_DAY (docs/decisions/0058). */
  recurring: string;
  /** A saved address of the first department and customer (docs/decisions/0061). */
  address: string;
  /** A pre-advice policy of the first department (docs/decisions/0062). */
  preAdvicePolicy: string;
  /** A webhook of the first customer (docs/decisions/0070), and a delivery of it. */
  webhook: string;
  webhookMessage: string;
  /** An API key of the first customer (docs/decisions/0069). */
  apiKey: string;
  /**
   * The tracking key of an order of its own that the recipient's answers change (0063), so the
   * answers leave `order` as every other base expects it.
   */
  answering: string;
  /** The tracking key of `delivered`: the net promoter answer's order (0083). */
  rating: string;
}

/** The first open delivery day from tomorrow (Oslo), holidays aside (docs/decisions/0063). */
export const openDay = (): string =>
  openDates(dayIn('Europe/Oslo', new Date().toISOString()), () => false)[0]!;

export const block = {
  name: 'Kari',
  address: 'Storgata 1',
  zipCode: '0155',
  zipArea: 'Oslo',
  countryCode: 'NO',
};

/** The smallest PNG: one pixel. */
export const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A valid payload of a command, made in the world. */
export type Base = (w: World) => Payload;
