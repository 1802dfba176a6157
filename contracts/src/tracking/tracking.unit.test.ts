import { describe, expect, it } from '@jest/globals';
import { consignmentStates } from '../consignments/states.js';
import {
  TRACKING_FIELDS,
  TRACKING_ID_PATTERN,
  recipientView,
  trackingLink,
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
};

describe('tracking (contracts)', () => {
  it('S2-REDIR-009: a tracking link is {host}/track/{id}?referrer=internal', () => {
    expect(trackingLink('https://nordlog.example/', details.trackingId)).toBe(
      `https://nordlog.example/track/${details.trackingId}?referrer=internal`,
    );
    expect(TRACKING_ID_PATTERN.test(details.trackingId)).toBe(true);
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
});
