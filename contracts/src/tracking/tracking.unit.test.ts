import { describe, expect, it } from '@jest/globals';
import { consignmentStates } from '../consignments/states.js';
import {
  TRACKING_FIELDS,
  TRACKING_ID_PATTERN,
  arrivalDayIfOther,
  recipientView,
  trackingLink,
  trackingStage,
  trackingStageOf,
  trackingStages,
  type TrackingDetails,
} from './index.js';

const details: TrackingDetails = {
  trackingId: 'AbCdEfGhIjKlMnOpQrSt_-',
  shipmentId: '70900010000000041',
  state: 'COLLECTED',
  stage: 'onTheWay',
  deliveryDate: '2026-11-25',
  deliveryTimeEarliest: '18:00',
  deliveryTimeLatest: '22:00',
  timeZone: 'Europe/Oslo',
  deliveryZipArea: 'Oslo',
  packageCount: 2,
  eta: '2026-11-25T17:00:00.000Z',
  stopsBefore: 0,
  courierPosition: { lat: 59.9123456, lng: 10.7517, at: '2026-11-25T16:30:00.000Z' },
  updatedAt: '2026-11-25T16:30:00.000Z',
  scans: [{ kind: 'LOADED', at: '2026-11-25T08:00:00.000Z' }],
  proof: 'signed',
  answersOpen: false,
  openDates: [],
  pickupPoints: [],
  answers: [],
  nps: { asked: false, answered: false, sender: null },
};

describe('tracking (contracts)', () => {
  it('S2-REDIR-009: a tracking link is {host}/track/{id}?referrer=internal', () => {
    expect(trackingLink('https://nordlog.example/', details.trackingId!)).toBe(
      `https://nordlog.example/track/${details.trackingId}?referrer=internal`,
    );
    expect(TRACKING_ID_PATTERN.test(details.trackingId!)).toBe(true);
    expect(TRACKING_ID_PATTERN.test('70900010000000041')).toBe(false);
  });

  it('the recipient view keeps the listed fields only, and the courier rounded to 3 decimals', () => {
    const source = {
      ...details,
      deliveryPhone: '+4791234567',
      email: 'kari@example.no',
      customerPrice: 987654,
      courierPosition: { ...details.courierPosition!, courierId: '7', accuracy: 3 },
    } as TrackingDetails;
    const view = recipientView(source);
    expect(Object.keys(view).sort()).toEqual([...TRACKING_FIELDS].sort());
    expect(view.courierPosition).toEqual({
      lat: 59.912,
      lng: 10.752,
      at: details.courierPosition!.at,
    });
    expect(JSON.stringify(view)).not.toMatch(/4791234567|example\.no|987654|courierId|accuracy/);
    expect(recipientView({ ...details, courierPosition: null }).courierPosition).toBeNull();
  });

  it('every consignment state has a step a recipient understands', () => {
    for (const state of consignmentStates) expect(trackingStages).toContain(trackingStageOf[state]);
  });

  it('issue 36: a planned shipment on a route being driven is on the way; nothing else moves', () => {
    for (const state of consignmentStates) {
      expect(trackingStage(state, false)).toBe(trackingStageOf[state]);
      expect(trackingStage(state, true)).toBe(
        trackingStageOf[state] === 'planned' ? 'onTheWay' : trackingStageOf[state],
      );
    }
    expect(trackingStage('ASSIGNED', true)).toBe('onTheWay');
  });

  it('issue 36: an arrival after midnight names its own day, in the department’s zone, DST nights included', () => {
    // 00:51 in Oslo on 2 December is 23:51 UTC on the 1st.
    expect(arrivalDayIfOther('2026-12-01', '2026-12-01T23:51:00.000Z', 'Europe/Oslo')).toBe(
      '2026-12-02',
    );
    expect(arrivalDayIfOther('2026-12-01', '2026-12-01T22:59:00.000Z', 'Europe/Oslo')).toBeNull();
    // Helsinki is an hour ahead: the same instant is already the 2nd there at 22:00 UTC.
    expect(arrivalDayIfOther('2026-12-01', '2026-12-01T22:00:00.000Z', 'Europe/Helsinki')).toBe(
      '2026-12-02',
    );
    // 29 March (clocks forward at 01:00 UTC) and 25 October (back at 01:00 UTC): Oslo's
    // midnight is 23:00 UTC on the 28th and 22:00 UTC on the 24th.
    expect(arrivalDayIfOther('2026-03-28', '2026-03-28T22:59:59.000Z', 'Europe/Oslo')).toBeNull();
    expect(arrivalDayIfOther('2026-03-28', '2026-03-28T23:00:00.000Z', 'Europe/Oslo')).toBe(
      '2026-03-29',
    );
    expect(arrivalDayIfOther('2026-10-24', '2026-10-24T21:59:59.000Z', 'Europe/Oslo')).toBeNull();
    expect(arrivalDayIfOther('2026-10-24', '2026-10-24T22:00:00.000Z', 'Europe/Oslo')).toBe(
      '2026-10-25',
    );
  });
});
