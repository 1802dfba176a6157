import { describe, it } from '@jest/globals';
import {
  createOrderSchema,
  type BookedOrder,
  type ConsignmentEvent,
  type ConsignmentState,
} from '@nordlog/contracts';
import { orderDecider } from '../consignments/decider.js';
import type { OrderStreamEvent } from '../consignments/state.js';
import { given } from '../framework/testing.js';
import type { RateCommand } from './decide.js';

/** The order decider's net promoter answer (docs/decisions/0083-nps.md). */
const place = (name: string) => ({
  name,
  address: `${name}gata 1`,
  zipCode: '0155',
  zipArea: 'Oslo',
  countryCode: 'NO',
  lat: 59.9,
  lng: 10.75,
});
const order: BookedOrder = {
  ...createOrderSchema.parse({
    departmentId: '1',
    customerId: '2',
    pickupDate: '2026-12-01',
    pickup: place('Apotek'),
    delivery: place('Kari'),
    measurements: [{ weight: 2 }],
  }),
  orderId: '7',
  trackingId: 'AbCdEfGhIjKlMnOpQrSt_-',
};
const at = '2026-12-03T20:00:00.000Z';
const created = (state: ConsignmentState): ConsignmentEvent => ({
  type: 'OrderCreated',
  data: { order, state },
});
const delivered: ConsignmentEvent = {
  type: 'ConsignmentDelivered',
  data: { manual: true, comment: null, state: 'DELIVERED' },
};
const rate = (over: Partial<RateCommand> = {}): RateCommand => ({
  type: 'RATE',
  score: 9,
  comment: 'Kind courier',
  at,
  deliveredOn: '2026-12-01',
  today: '2026-12-03',
  npsFromDate: '2026-11-01',
  ...over,
});
const rated: OrderStreamEvent = {
  type: 'DeliveryRated',
  data: {
    score: 9,
    comment: 'Kind courier',
    at,
    deliveredOn: '2026-12-01',
    customerId: '2',
    departmentId: '1',
  },
};

describe('net promoter answer (order decider)', () => {
  it('a delivered order of a customer asking since the delivery’s date or before takes one answer', () => {
    given(orderDecider, [created('RESOLVED'), delivered])
      .when(rate())
      .then([rated]);
    given(orderDecider, [created('RESOLVED'), delivered])
      .when(rate({ npsFromDate: '2026-12-01' }))
      .then([rated]);
  });

  it('a second answer is 409 ALREADY_EXISTS', () => {
    given(orderDecider, [created('RESOLVED'), delivered, rated])
      .when(rate())
      .thenRefuses('ALREADY_EXISTS');
  });

  it('not delivered, not asked (no date, or a date after the delivery): 409; after 14 days: 410', () => {
    given(orderDecider, [created('RESOLVED')])
      .when(rate({ deliveredOn: null }))
      .thenRefuses('INVALID_STATE_TRANSITION');
    for (const npsFromDate of [null, '2026-12-02'])
      given(orderDecider, [created('RESOLVED'), delivered])
        .when(rate({ npsFromDate }))
        .thenRefuses('INVALID_STATE_TRANSITION');
    given(orderDecider, [created('RESOLVED'), delivered])
      .when(rate({ today: '2026-12-16' }))
      .thenRefuses('TRACKING_EXPIRED');
  });

  it('an order whose parties were erased takes none', () => {
    given(orderDecider, [
      created('RESOLVED'),
      delivered,
      { type: 'PersonalDataErased', data: { subject: 'order:7', reason: 'request' } },
    ])
      .when(rate())
      .thenRefuses('PERSONAL_DATA_ERASED');
  });
});
